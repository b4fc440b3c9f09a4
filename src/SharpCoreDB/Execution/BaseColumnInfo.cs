namespace SharpCoreDB.Execution;

/// <summary>The table column a result column reads unchanged, for schema metadata (GetSchemaTable).</summary>
/// <param name="Table">The base table name.</param>
/// <param name="Column">The base column name (<c>rowid</c> for the row id).</param>
/// <param name="NotNull">True when the column cannot hold NULL (NOT NULL, or the row id).</param>
/// <param name="IsKey">True for the row id, its alias, and the columns of a PRIMARY KEY.</param>
/// <param name="IsUnique">True when the column alone is unique (the row id, or a one-column unique index).</param>
/// <param name="AutoIncrement">True for the INTEGER PRIMARY KEY of a table declared with AUTOINCREMENT.</param>
/// <param name="ThroughView">True when the column is read through a view, so writes cannot go to it directly.</param>
internal sealed record BaseColumnInfo(string Table, string Column, bool NotNull, bool IsKey, bool IsUnique, bool AutoIncrement = false, bool ThroughView = false);
