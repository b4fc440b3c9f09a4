using System.Collections.Immutable;

namespace SharpCoreDB.Catalog;

/// <summary>
/// A table: a B+tree keyed by the 8-byte row id whose values are records of every column in order. The row-id
/// alias column (INTEGER PRIMARY KEY), if any, is stored as NULL in the record and read from the key. A
/// WITHOUT ROWID table (<see cref="PrimaryKey"/> set) is keyed instead by its PRIMARY KEY columns, encoded as an
/// index prefix is (collation and direction per column), and its records hold every column.
/// </summary>
internal sealed class TableSchema
{
    /// <summary>The table name as declared.</summary>
    public required string Name { get; init; }

    /// <summary>The columns in declaration order.</summary>
    public required ImmutableArray<ColumnSchema> Columns { get; init; }

    /// <summary>The ordinal of the INTEGER PRIMARY KEY column, or -1 when the row id is hidden.</summary>
    public required int RowIdAlias { get; init; }

    /// <summary>True for INTEGER PRIMARY KEY AUTOINCREMENT: row ids are never reused.</summary>
    public required bool AutoIncrement { get; init; }

    /// <summary>The root page of the table tree.</summary>
    public required uint RootPage { get; init; }

    /// <summary>The table's CHECK constraints.</summary>
    public required ImmutableArray<CheckConstraint> Checks { get; init; }

    /// <summary>The table's indexes: constraint indexes first, then CREATE INDEX ones, each group in creation order.</summary>
    public required ImmutableArray<IndexSchema> Indexes { get; init; }

    /// <summary>The table's FOREIGN KEY constraints (the table is their child), by <see cref="ForeignKeySchema.Id"/>.</summary>
    public ImmutableArray<ForeignKeySchema> ForeignKeys { get; init; } = [];

    /// <summary>True for a STRICT table: every column has one of SQLite's strict types and values are checked against it.</summary>
    public bool Strict { get; init; }

    /// <summary>
    /// For a WITHOUT ROWID table, its PRIMARY KEY as a clustered index over the table tree itself (its
    /// <see cref="IndexSchema.RootPage"/> is <see cref="RootPage"/>, and it is not in <see cref="Indexes"/>, which
    /// lists the trees kept beside the table); null for a table with a row id.
    /// </summary>
    public IndexSchema? PrimaryKey { get; init; }

    /// <summary>
    /// Where <see cref="PrimaryKey"/> falls among the constraint indexes in <see cref="Indexes"/> (how many of them
    /// were declared before it): SQLite numbers and lists them in declaration order.
    /// </summary>
    public int PrimaryKeyPosition { get; init; }

    /// <summary>True for a WITHOUT ROWID table: rows are keyed by <see cref="PrimaryKey"/> and there is no row id.</summary>
    public bool WithoutRowId => PrimaryKey is not null;

    /// <summary>The CREATE TABLE text, re-parsed when the database is opened.</summary>
    public required string Sql { get; init; }

    /// <summary>
    /// The ordinals of the generated columns, each after the generated columns its expression reads (the order the
    /// writer computes them in); empty when the table has none.
    /// </summary>
    public ImmutableArray<int> GeneratedOrder { get; init; } = [];

    /// <summary>The slot position of the row id in a decoded row: after the last column.</summary>
    public int RowIdSlot => Columns.Length;

    /// <summary>Finds a column by name (ASCII case-insensitive, as SQLite).</summary>
    /// <param name="name">The column name.</param>
    /// <returns>The column, or null.</returns>
    public ColumnSchema? FindColumn(string name)
    {
        foreach (ColumnSchema column in Columns)
        {
            if (string.Equals(column.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return column;
            }
        }

        return null;
    }

    /// <summary>A copy with a different index list.</summary>
    /// <param name="indexes">The new index list.</param>
    /// <returns>The new schema object.</returns>
    public TableSchema WithIndexes(ImmutableArray<IndexSchema> indexes) => new()
    {
        Name = Name,
        Columns = Columns,
        RowIdAlias = RowIdAlias,
        AutoIncrement = AutoIncrement,
        RootPage = RootPage,
        Checks = Checks,
        Indexes = indexes,
        ForeignKeys = ForeignKeys,
        PrimaryKey = PrimaryKey,
        PrimaryKeyPosition = PrimaryKeyPosition,
        Strict = Strict,
        Sql = Sql,
        GeneratedOrder = GeneratedOrder,
    };
}
