namespace SharpCoreDB.Catalog;

/// <summary>One key column of an index: the table column's ordinal and its direction.</summary>
/// <param name="Ordinal">The column's position in the table.</param>
/// <param name="Descending">True for DESC.</param>
internal readonly record struct IndexColumn(int Ordinal, bool Descending);
