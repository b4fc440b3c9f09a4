using SharpCoreDB.Records;

namespace SharpCoreDB.Catalog;

/// <summary>One key column of an index: the table column's ordinal, its direction and its collation.</summary>
/// <param name="Ordinal">The column's position in the table.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="Collation">
/// The collation of the key (a built-in; its TEXT is encoded folded, see <see cref="Collation.FoldKey"/>), null for
/// BINARY.
/// </param>
internal readonly record struct IndexColumn(int Ordinal, bool Descending, Collation? Collation = null);
