using SharpCoreDB.Catalog;

namespace SharpCoreDB.Binding;

/// <summary>
/// ALTER TABLE … ADD COLUMN: the altered table, the stored rows to verify against it (when the new column's NOT NULL,
/// CHECK or generated expression could fail on them), and the constraints each row must satisfy.
/// </summary>
/// <param name="Altered">The table with the column added.</param>
/// <param name="Rows">The table's source whose every row is verified, or null when no row needs it.</param>
/// <param name="Constraints">The CHECKs and generated columns a row is verified by (the writer has no foreign keys).</param>
internal sealed record BoundAddColumn(TableSchema Altered, SourceBinding? Rows, BoundTableWriter Constraints) : BoundSchemaChange;
