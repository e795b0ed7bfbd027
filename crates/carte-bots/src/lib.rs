//! Placeholder: filled by issue 7.
