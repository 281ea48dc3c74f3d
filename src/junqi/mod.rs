//! junqi
