using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>Resolving collation names: in expressions, column definitions and index keys.</content>
internal sealed partial class Binder
{
    /// <summary>The collation named in a COLLATE clause: a built-in or a registered user collation.</summary>
    /// <param name="name">The name.</param>
    /// <param name="position">Where it was written.</param>
    /// <returns>The collation.</returns>
    /// <exception cref="SharpCoreDBException">No such collation (SQLite's "no such collation sequence").</exception>
    private Collation ResolveCollation(string name, SourcePosition position) =>
        _collations.Find(name) ?? throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"no such collation sequence: {name}", position);

    // The collation an ORDER BY term names with its outermost COLLATE, or null.
    private Collation? TermCollation(Expression term) =>
        term is CollateExpression collate ? ResolveCollation(collate.Collation, collate.Position) : null;

    // The collation a table column compares with: BINARY unless it declares one. A user collation named by a stored
    // definition resolves to its registration slot even while nothing is registered, so the table stays readable and
    // only a comparison that needs the collation fails, as in SQLite.
    private Collation ColumnCollation(ColumnSchema column) =>
        column.Collation is null ? Collation.Binary : _collations.ForStoredName(column.Collation);

    // A table column as name resolution sees it.
    private SourceColumn TableSourceColumn(ColumnSchema column) =>
        new(column.Name, column.Ordinal, column.Affinity, column.DeclaredType, column.DeclaredTypeName) { Collation = ColumnCollation(column) };

    // CREATE TABLE and ADD COLUMN: every COLLATE in the column definitions must name a known collation.
    private void CheckColumnCollations(ImmutableArray<ColumnDefinition> columns)
    {
        foreach (ColumnDefinition column in columns)
        {
            foreach (ColumnConstraint constraint in column.Constraints)
            {
                if (constraint is CollateColumnConstraint collate)
                {
                    ResolveCollation(collate.Collation, collate.Position);
                }
            }
        }
    }

    // Key columns of CREATE INDEX, PRIMARY KEY and UNIQUE: an explicit COLLATE must name a known collation.
    private void CheckKeyCollations(ImmutableArray<IndexedColumn> key)
    {
        foreach (IndexedColumn column in key)
        {
            if (TableSchemaBuilder.KeyCollation(column) is { } name)
            {
                ResolveCollation(name, column.Position);
            }
        }
    }
}
