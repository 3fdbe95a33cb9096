"""The record checker: a handwritten or emailed record checked against the rules (fleets, orders,
claimed results, private records, two records of one game), and the record commands. Uses the
engine; the engine never uses it. See docs/validate.md and docs/architecture.md."""
