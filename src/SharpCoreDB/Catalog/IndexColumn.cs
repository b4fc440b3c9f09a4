using SharpCoreDB.Records;

namespace SharpCoreDB.Catalog;

/// <summary>One key column of an index: the table column's ordinal (or an expression), its direction and its
/// collation.</summary>
/// <param name="Ordinal">
/// The column's position in the table. For an expression key, a position past the row id
/// (<see cref="TableSchema.RowIdSlot"/> + 1 + the key's position in the index) where writers put the expression's
/// value before they encode the key, so every reader of <c>row[Ordinal]</c> finds it.
/// </param>
/// <param name="Descending">True for DESC.</param>
/// <param name="Expression">The expression of an index on an expression, or null for a column.</param>
/// <param name="Collation">
/// The collation of the key, null for BINARY. A built-in's TEXT is encoded folded (see <see cref="Collation.FoldKey"/>);
/// a user collation's TEXT is encoded as BINARY's and the index tree is ordered by a
/// <see cref="CollatedKeyComparer"/>.
/// </param>
internal readonly record struct IndexColumn(int Ordinal, bool Descending, Sql.Ast.Expression? Expression = null, Collation? Collation = null);
