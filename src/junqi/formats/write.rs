//! Writing Junqi records (`convert`): `.jqr` only.

use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::Converted;
use crate::core::record::Record;
use crate::core::rules::Rules;

/// Writes records as `to` (only `.jqr`, which no rule changes).
pub(crate) fn convert(records: &[Record], to: &str, _rules: &Rules) -> Converted {
    if to != super::jqr::FORMAT_ID {
        return Converted {
            bytes: Vec::new(),
            games: 0,
            failures: records
                .iter()
                .map(|r| {
                    (
                        r.index,
                        RecordError::new(
                            ErrorKind::Unsupported,
                            format!("Junqi records can be written only as jqr, not {to}"),
                        ),
                    )
                })
                .collect(),
            notes: Vec::new(),
        };
    }
    Converted {
        bytes: super::jqr::write(records).into_bytes(),
        games: records.len(),
        failures: Vec::new(),
        notes: Vec::new(),
    }
}
