using SharpCoreDB.Catalog;

namespace SharpCoreDB.Binding;

/// <summary>ALTER TABLE … DROP COLUMN: every stored row, read as the table was, rewritten without the column.</summary>
/// <param name="Altered">The table without the column.</param>
/// <param name="Dropped">The dropped column's ordinal in the table as it was.</param>
/// <param name="OldRows">The table as it was, whose every row is read.</param>
/// <param name="Writer">The writer of the rows without the column, in its own slot (no CHECKs: the rows satisfy them already).</param>
internal sealed record BoundDropColumn(TableSchema Altered, int Dropped, SourceBinding OldRows, BoundTableWriter Writer) : BoundSchemaChange;
