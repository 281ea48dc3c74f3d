#!/usr/bin/env python3
"""Writes docs/rules/xiangqi-repetition-ccpd.md from `qipu adjudicate --json` over CCPD.

    target/release/qipu adjudicate --json -q ../shared/corpus/xiangqi/ccpd/ \
        | python3 benches/repetition_ccpd.py > docs/rules/xiangqi-repetition-ccpd.md

Every game whose verdict comes from the repetition judge, with each side's moves in the
arbiter's words, and a count at the top.
"""
import json
import sys

ROOT = "../shared/corpus/xiangqi/ccpd/"
rows = []
for line in sys.stdin:
    r = json.loads(line)
    v = r.get("verdict") or {}
    if not v.get("cycle"):
        continue
    sides = {s["side"]: s for s in v.get("sides") or []}
    term = lambda c: "{}{}".format(sides[c]["term"], " (禁)" if sides[c]["forbidden"] else "") if c in sides else "-"
    agrees = {True: "yes", False: "no", None: "-"}[r.get("agrees")]
    rows.append((r["source"].replace(ROOT, ""), r["index"], r["plies"], v["ply"], r["plies"] - v["ply"],
                 v["result"], v["reason"], term("Red"), term("Black"), r.get("claimed") or "*", agrees))
ends = [x for x in rows if x[4] <= 2]
print("# CCPD games with a repetition ruling (generated)\n")
print("`qipu adjudicate --json -q ../shared/corpus/xiangqi/ccpd/ | python3 benches/repetition_ccpd.py` "
      "(default rules: cxa, repetitions=3): every game whose verdict comes from the repetition judge. "
      "`after` is how many plies the record goes on past the ruling; each side's moves over one lap "
      "of the cycle in the arbiter's words, (禁) when they are forbidden moves; `agrees` is `-` where "
      "the record claims no result (`*`). See xiangqi-repetition.md, \"CCPD\".\n")
print(f"{len(rows)} games: {sum(1 for x in rows if x[10] == 'yes')} agree with the record, "
      f"{sum(1 for x in rows if x[10] == 'no')} do not, {sum(1 for x in rows if x[10] == '-')} claim no result; "
      f"{len(ends)} records end at the ruling (at most 2 plies after it), of which "
      f"{sum(1 for x in ends if x[10] == 'yes')} agree.\n")
print("| game | plies | ruling ply | after | verdict | reason | Red | Black | claimed | agrees |")
print("|---|---|---|---|---|---|---|---|---|---|")
for g, i, p, vp, after, res, reason, red, black, claim, agrees in rows:
    print(f"| {g}#{i} | {p} | {vp} | {after} | {res} | {reason} | {red} | {black} | {claim} | {agrees} |")
