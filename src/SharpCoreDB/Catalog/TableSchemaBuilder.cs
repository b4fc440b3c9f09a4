using System.Collections.Immutable;
using System.Globalization;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Catalog;

/// <summary>
/// Turns a CREATE TABLE statement into a <see cref="TableSchema"/>: columns with affinity and constraints, the
/// row-id alias, CHECK constraints, and one unique index per PRIMARY KEY (other than the row id) and UNIQUE
/// constraint. Used both when a table is created and when the catalog is loaded, so both agree exactly.
/// </summary>
internal static class TableSchemaBuilder
{
    /// <summary>The name of the <paramref name="number"/>-th constraint index of a table (1-based).</summary>
    /// <param name="table">The table name.</param>
    /// <param name="number">The index number.</param>
    /// <returns>The index name.</returns>
    public static string AutoIndexName(string table, int number) =>
        string.Create(CultureInfo.InvariantCulture, $"{AutoIndexPrefix}{table}_{number}");

    /// <summary>How constraint index names start, as in SQLite (<c>sqlite_autoindex_&lt;table&gt;_&lt;n&gt;</c>).</summary>
    public const string AutoIndexPrefix = "sqlite_autoindex_";

    /// <summary>How constraint index names started in catalogs written before the engine took SQLite's names; the
    /// catalog reads such an entry under the current name.</summary>
    public const string LegacyAutoIndexPrefix = "sharpcoredb_autoindex_";

    /// <summary>Builds the table.</summary>
    /// <param name="statement">The parsed CREATE TABLE.</param>
    /// <param name="rootPage">The table tree's root page.</param>
    /// <param name="indexRoot">Gives the root page of a constraint index by name (creating its tree, or finding it in the catalog).</param>
    /// <returns>The table.</returns>
    /// <exception cref="SharpCoreDBException">The definition is invalid: duplicate columns, two primary keys, unknown key columns, unsupported features.</exception>
    public static TableSchema Build(CreateTableStatement statement, uint rootPage, Func<string, uint> indexRoot)
    {
        string tableName = statement.Name.Name;
        bool withoutRowId = statement.WithoutRowId;
        if (statement.Strict)
        {
            foreach (ColumnDefinition definition in statement.Columns)
            {
                if (StrictTypeError(tableName, definition) is { } error)
                {
                    SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, error, definition.Position);
                }
            }
        }

        if (statement.Temporary)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, $"TEMPORARY tables are not supported (table {tableName})", statement.Position);
        }

        var columns = new List<ColumnDraft>(statement.Columns.Length);
        var checks = ImmutableArray.CreateBuilder<CheckConstraint>();
        var uniqueKeys = new List<(ImmutableArray<int> Columns, ImmutableArray<bool> Descending, IndexOrigin Origin, ImmutableArray<IndexedColumn> Key)>();
        var foreignKeys = new List<(string? Name, ImmutableArray<int> Columns, ForeignKeyClause Clause)>();
        int primaryKeyCount = 0;
        int rowIdAlias = -1;
        bool autoIncrement = false;

        foreach (ColumnDefinition definition in statement.Columns)
        {
            foreach (ColumnDraft existing in columns)
            {
                if (string.Equals(existing.Name, definition.Name, StringComparison.OrdinalIgnoreCase))
                {
                    SqlErrors.Throw(SharpCoreDBErrorCode.AlreadyExists, $"duplicate column name: {definition.Name}", definition.Position);
                }
            }

            columns.Add(new ColumnDraft(definition.Name, definition.Type, definition.Position));
        }

        for (int ordinal = 0; ordinal < statement.Columns.Length; ordinal++)
        {
            ColumnDefinition definition = statement.Columns[ordinal];
            ColumnDraft draft = columns[ordinal];
            foreach (ColumnConstraint constraint in definition.Constraints)
            {
                switch (constraint)
                {
                    case NotNullColumnConstraint:
                        draft.NotNull = true;
                        break;
                    case DefaultColumnConstraint d:
                        draft.Default = d.Value;
                        break;
                    case CheckColumnConstraint c:
                        checks.Add(new CheckConstraint(c.ConstraintName, c.Condition));
                        break;
                    case UniqueColumnConstraint:
                        uniqueKeys.Add(([ordinal], [false], IndexOrigin.UniqueConstraint, default));
                        break;
                    case PrimaryKeyColumnConstraint pk:
                        primaryKeyCount++;
                        CheckSinglePrimaryKey(primaryKeyCount, tableName, pk.Position);
                        if (withoutRowId)
                        {
                            // A WITHOUT ROWID table has no row id to alias: an INTEGER PRIMARY KEY is an ordinary key.
                            CheckNoAutoIncrementWithoutRowId(pk.AutoIncrement, pk.Position);
                            uniqueKeys.Add(([ordinal], [pk.Order == SortOrder.Descending], IndexOrigin.PrimaryKey, default));
                        }
                        else if (TypeNames.IsInteger(definition.Type) && pk.Order != SortOrder.Descending)
                        {
                            rowIdAlias = ordinal;
                            autoIncrement = pk.AutoIncrement;
                        }
                        else
                        {
                            CheckNoAutoIncrement(pk.AutoIncrement, pk.Position);
                            uniqueKeys.Add(([ordinal], [pk.Order == SortOrder.Descending], IndexOrigin.PrimaryKey, default));
                        }

                        break;
                    case CollateColumnConstraint collate:
                        // Any name is kept here (a stored schema may name a user collation not registered yet); the
                        // binder refuses unknown names when the table is created.
                        draft.Collation = collate.Collation;
                        break;
                    case ReferencesColumnConstraint references:
                        if (references.ForeignKey.Columns.Length > 1)
                        {
                            SqlErrors.Throw(
                                SharpCoreDBErrorCode.Unsupported,
                                $"foreign key on {definition.Name} should reference only one column of table {references.ForeignKey.Table}",
                                references.Position);
                        }

                        foreignKeys.Add((references.ConstraintName, [ordinal], references.ForeignKey));
                        break;
                    case GeneratedColumnConstraint g:
                        draft.Generated = g.Expression;
                        draft.GeneratedStored = g.Stored;
                        break;
                    default:
                        SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, $"unsupported column constraint on {definition.Name}", constraint.Position);
                        break;
                }
            }
        }

        foreach (TableConstraint constraint in statement.Constraints)
        {
            switch (constraint)
            {
                case PrimaryKeyTableConstraint pk:
                    primaryKeyCount++;
                    CheckSinglePrimaryKey(primaryKeyCount, tableName, pk.Position);
                    (ImmutableArray<int> keyColumns, ImmutableArray<bool> descending) = ResolveKeyColumns(pk.Columns, columns, tableName);
                    if (withoutRowId)
                    {
                        CheckNoAutoIncrementWithoutRowId(pk.AutoIncrement, pk.Position);
                        uniqueKeys.Add((keyColumns, descending, IndexOrigin.PrimaryKey, pk.Columns));
                    }
                    else if (keyColumns.Length == 1 && TypeNames.IsInteger(columns[keyColumns[0]].Type) && !descending[0])
                    {
                        rowIdAlias = keyColumns[0];
                        autoIncrement = pk.AutoIncrement;
                    }
                    else
                    {
                        CheckNoAutoIncrement(pk.AutoIncrement, pk.Position);
                        uniqueKeys.Add((keyColumns, descending, IndexOrigin.PrimaryKey, pk.Columns));
                    }

                    break;
                case UniqueTableConstraint unique:
                    (ImmutableArray<int> uniqueColumns, ImmutableArray<bool> uniqueDescending) = ResolveKeyColumns(unique.Columns, columns, tableName);
                    uniqueKeys.Add((uniqueColumns, uniqueDescending, IndexOrigin.UniqueConstraint, unique.Columns));
                    break;
                case CheckTableConstraint c:
                    checks.Add(new CheckConstraint(c.ConstraintName, c.Condition));
                    break;
                case ForeignKeyTableConstraint foreignKey:
                    foreignKeys.Add((foreignKey.ConstraintName, ResolveForeignKeyColumns(foreignKey, columns), foreignKey.ForeignKey));
                    break;
                default:
                    SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, $"unsupported table constraint in {tableName}", constraint.Position);
                    break;
            }
        }

        if (withoutRowId && primaryKeyCount == 0)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.SyntaxError, $"PRIMARY KEY missing on table {tableName}", statement.Position);
        }

        ImmutableArray<int> generatedOrder = CheckGenerated(columns, rowIdAlias, uniqueKeys, statement);
        var keyOrdinals = new HashSet<int>();
        foreach ((ImmutableArray<int> keyColumns, _, IndexOrigin origin, _) in uniqueKeys)
        {
            if (withoutRowId && origin == IndexOrigin.PrimaryKey)
            {
                keyOrdinals.UnionWith(keyColumns);
            }
        }

        var columnSchemas = ImmutableArray.CreateBuilder<ColumnSchema>(columns.Count);
        for (int ordinal = 0; ordinal < columns.Count; ordinal++)
        {
            ColumnDraft draft = columns[ordinal];
            string typeText = TypeNames.Format(draft.Type);
            Affinity affinity = AffinityRules.WithDeclaredType(AffinityRules.FromTypeName(typeText), TypeNames.DeclaredTypeOf(draft.Type));
            SqlStorageClass strictClass = SqlStorageClass.Null;
            if (statement.Strict)
            {
                (affinity, strictClass) = StrictTypes.Of(typeText);
            }

            StoredDefault.TryEvaluate(draft.Default, affinity, out SqlValue missing);
            columnSchemas.Add(new ColumnSchema
            {
                Name = draft.Name,
                Ordinal = ordinal,
                DeclaredTypeName = typeText,
                Affinity = affinity,
                Missing = missing,
                DeclaredType = TypeNames.DeclaredTypeOf(draft.Type),
                // SQLite enforces NOT NULL on the PRIMARY KEY of a WITHOUT ROWID table (a rowid table's may hold NULLs).
                NotNull = draft.NotNull || ordinal == rowIdAlias || keyOrdinals.Contains(ordinal),
                Default = draft.Default,
                IsRowIdAlias = ordinal == rowIdAlias,
                StrictClass = strictClass,
                Collation = draft.Collation,
                Generated = draft.Generated,
                GeneratedStored = draft.GeneratedStored,
            });
        }

        var indexes = ImmutableArray.CreateBuilder<IndexSchema>();
        IndexSchema? primaryKey = null;
        int primaryKeyPosition = 0;
        int number = 0;
        foreach ((ImmutableArray<int> keyColumns, ImmutableArray<bool> descending, IndexOrigin origin, ImmutableArray<IndexedColumn> key) in uniqueKeys)
        {
            // A UNIQUE constraint on the row id alone adds nothing: the row id is unique already.
            if (keyColumns.Length == 1 && keyColumns[0] == rowIdAlias)
            {
                continue;
            }

            number++;
            string name = AutoIndexName(tableName, number);
            var indexColumns = ImmutableArray.CreateBuilder<IndexColumn>(keyColumns.Length);
            for (int i = 0; i < keyColumns.Length; i++)
            {
                string? collation = key.IsDefault ? null : KeyCollation(key[i]);
                indexColumns.Add(new IndexColumn(keyColumns[i], descending[i], Collation: IndexCollation(collation ?? columns[keyColumns[i]].Collation)));
            }

            if (withoutRowId && origin == IndexOrigin.PrimaryKey)
            {
                // The key of a WITHOUT ROWID table is the table tree itself: it takes its number in the sequence of
                // constraint indexes (as SQLite names it) but no tree of its own.
                primaryKey = new IndexSchema
                {
                    Name = name,
                    TableName = tableName,
                    Columns = DistinctKeyColumns(indexColumns.MoveToImmutable()),
                    IsUnique = true,
                    RootPage = rootPage,
                    Origin = origin,
                    IsClustered = true,
                };
                primaryKeyPosition = indexes.Count;
                continue;
            }

            indexes.Add(new IndexSchema
            {
                Name = name,
                TableName = tableName,
                Columns = indexColumns.MoveToImmutable(),
                IsUnique = true,
                RootPage = indexRoot(name),
                Origin = origin,
            });
        }

        return new TableSchema
        {
            Name = tableName,
            Columns = columnSchemas.MoveToImmutable(),
            RowIdAlias = rowIdAlias,
            AutoIncrement = autoIncrement,
            RootPage = rootPage,
            Checks = checks.ToImmutable(),
            Indexes = indexes.ToImmutable(),
            ForeignKeys = BuildForeignKeys(tableName, foreignKeys),
            PrimaryKey = primaryKey,
            PrimaryKeyPosition = primaryKeyPosition,
            Strict = statement.Strict,
            Sql = statement.SourceText,
            GeneratedOrder = generatedOrder,
        };
    }

    // SQLite's rules for generated columns: not in the PRIMARY KEY, no DEFAULT, no qualified names, at least one
    // ordinary column, no loop through other generated columns. Returns the order the writer computes them in.
    private static ImmutableArray<int> CheckGenerated(
        List<ColumnDraft> columns,
        int rowIdAlias,
        List<(ImmutableArray<int> Columns, ImmutableArray<bool> Descending, IndexOrigin Origin, ImmutableArray<IndexedColumn> Key)> uniqueKeys,
        CreateTableStatement statement)
    {
        int generatedCount = 0;
        foreach (ColumnDraft draft in columns)
        {
            if (draft.Generated is null)
            {
                continue;
            }

            generatedCount++;
            if (draft.Default is not null)
            {
                SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, $"error in generated column \"{draft.Name}\"", draft.Position);
            }

            SyntaxWalker.Walk(draft.Generated, node =>
            {
                if (node is ColumnReference { Table: not null } qualified)
                {
                    SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "the \".\" operator prohibited in generated columns", qualified.Position);
                }

                return true;
            });
        }

        if (generatedCount == 0)
        {
            return [];
        }

        bool generatedKey = rowIdAlias >= 0 && columns[rowIdAlias].Generated is not null;
        foreach ((ImmutableArray<int> keyColumns, _, IndexOrigin origin, _) in uniqueKeys)
        {
            foreach (int ordinal in keyColumns)
            {
                generatedKey |= origin == IndexOrigin.PrimaryKey && columns[ordinal].Generated is not null;
            }
        }

        if (generatedKey)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "generated columns cannot be part of the PRIMARY KEY", statement.Position);
        }

        if (generatedCount == columns.Count)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "must have at least one non-generated column", statement.Position);
        }

        var order = ImmutableArray.CreateBuilder<int>(generatedCount);
        var state = new byte[columns.Count];
        for (int ordinal = 0; ordinal < columns.Count; ordinal++)
        {
            if (columns[ordinal].Generated is not null)
            {
                OrderGenerated(columns, ordinal, state, order);
            }
        }

        return order.MoveToImmutable();
    }

    // Depth first: a column goes after the generated columns it reads. State 1 = being ordered (seeing it again is a
    // loop, named after the column whose expression closes it, as SQLite names it), 2 = ordered.
    private static void OrderGenerated(List<ColumnDraft> columns, int ordinal, byte[] state, ImmutableArray<int>.Builder order)
    {
        if (state[ordinal] == 2)
        {
            return;
        }

        state[ordinal] = 1;
        ColumnDraft draft = columns[ordinal];
        SyntaxWalker.Walk(draft.Generated, node =>
        {
            if (node is ColumnReference reference)
            {
                int target = columns.FindIndex(c => string.Equals(c.Name, reference.Column, StringComparison.OrdinalIgnoreCase));
                if (target >= 0 && columns[target].Generated is not null)
                {
                    if (state[target] == 1)
                    {
                        SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, $"generated column loop on \"{draft.Name}\"", reference.Position);
                    }

                    OrderGenerated(columns, target, state, order);
                }
            }

            return true;
        });
        state[ordinal] = 2;
        order.Add(ordinal);
    }

    /// <summary>
    /// SQLite's refusal of a column of a STRICT table: a type is required and must be exactly INT, INTEGER, REAL, TEXT,
    /// BLOB or ANY (no size, no other words).
    /// </summary>
    /// <param name="tableName">The table name for the message.</param>
    /// <param name="definition">The column.</param>
    /// <returns>SQLite's message, or null when the column is fine.</returns>
    public static string? StrictTypeError(string tableName, ColumnDefinition definition)
    {
        if (definition.Type is null)
        {
            return $"missing datatype for {tableName}.{definition.Name}";
        }

        string typeText = TypeNames.Format(definition.Type);
        return StrictTypes.IsAllowed(typeText) ? null : $"unknown datatype for {tableName}.{definition.Name}: \"{typeText}\"";
    }

    // SQLite keeps a table's foreign keys newest first: the last one declared is number 0 in foreign_key_list.
    private static ImmutableArray<ForeignKeySchema> BuildForeignKeys(string tableName, List<(string? Name, ImmutableArray<int> Columns, ForeignKeyClause Clause)> drafts)
    {
        var foreignKeys = ImmutableArray.CreateBuilder<ForeignKeySchema>(drafts.Count);
        for (int i = drafts.Count - 1; i >= 0; i--)
        {
            (string? name, ImmutableArray<int> childColumns, ForeignKeyClause clause) = drafts[i];
            var parentColumns = ImmutableArray.CreateBuilder<string>(clause.Columns.Length);
            foreach (Identifier column in clause.Columns)
            {
                parentColumns.Add(column.Name);
            }

            foreignKeys.Add(new ForeignKeySchema
            {
                Id = foreignKeys.Count,
                Name = name,
                ChildTable = tableName,
                ChildColumns = childColumns,
                ParentTable = clause.Table,
                ParentColumns = parentColumns.MoveToImmutable(),
                OnDelete = clause.OnDelete == ForeignKeyAction.Unspecified ? ForeignKeyAction.NoAction : clause.OnDelete,
                OnUpdate = clause.OnUpdate == ForeignKeyAction.Unspecified ? ForeignKeyAction.NoAction : clause.OnUpdate,
                Deferred = clause.InitiallyDeferred,
                Match = clause.Match ?? "NONE",
            });
        }

        return foreignKeys.MoveToImmutable();
    }

    // FOREIGN KEY (a, b) REFERENCES p (x, y): known child columns, as many as the parent columns named (SQLite's checks).
    private static ImmutableArray<int> ResolveForeignKeyColumns(ForeignKeyTableConstraint constraint, List<ColumnDraft> columns)
    {
        ForeignKeyClause clause = constraint.ForeignKey;
        if (!clause.Columns.IsDefaultOrEmpty && clause.Columns.Length != constraint.Columns.Length)
        {
            SqlErrors.Throw(
                SharpCoreDBErrorCode.Unsupported,
                "number of columns in foreign key does not match the number of columns in the referenced table",
                constraint.Position);
        }

        var ordinals = ImmutableArray.CreateBuilder<int>(constraint.Columns.Length);
        foreach (Identifier name in constraint.Columns)
        {
            int ordinal = columns.FindIndex(c => string.Equals(c.Name, name.Name, StringComparison.OrdinalIgnoreCase));
            if (ordinal < 0)
            {
                SqlErrors.Throw(SharpCoreDBErrorCode.UnknownColumn, $"unknown column \"{name.Name}\" in foreign key definition", name.Position);
            }

            ordinals.Add(ordinal);
        }

        return ordinals.MoveToImmutable();
    }

    /// <summary>Resolves the columns of a key (PRIMARY KEY, UNIQUE or CREATE INDEX) to ordinals and directions.</summary>
    /// <param name="key">The indexed columns.</param>
    /// <param name="findColumn">Finds a column's ordinal by name, or -1.</param>
    /// <param name="tableName">The table name for messages.</param>
    /// <returns>Ordinals and DESC flags.</returns>
    /// <exception cref="SharpCoreDBException">A key column is unknown or not a plain column.</exception>
    public static (ImmutableArray<int> Columns, ImmutableArray<bool> Descending) ResolveKeyColumns(
        ImmutableArray<IndexedColumn> key, Func<string, int> findColumn, string tableName)
    {
        var ordinals = ImmutableArray.CreateBuilder<int>(key.Length);
        var descending = ImmutableArray.CreateBuilder<bool>(key.Length);
        foreach (IndexedColumn column in key)
        {
            Expression expression = column.Expression;
            while (expression is CollateExpression collate)
            {
                expression = collate.Operand;
            }

            string? name = expression switch
            {
                ColumnReference { Table: null } reference => reference.Column,
                StringLiteral literal => literal.Value,
                _ => null,
            };
            if (name is null)
            {
                SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "expressions prohibited in PRIMARY KEY and UNIQUE constraints", column.Position);
            }

            int ordinal = findColumn(name);
            if (ordinal < 0)
            {
                SqlErrors.Throw(SharpCoreDBErrorCode.UnknownColumn, $"table {tableName} has no column named {name}", column.Position);
            }

            for (int i = 0; i < ordinals.Count; i++)
            {
                if (ordinals[i] == ordinal)
                {
                    SqlErrors.Throw(SharpCoreDBErrorCode.AlreadyExists, $"column {name} appears twice in the key", column.Position);
                }
            }

            ordinals.Add(ordinal);
            descending.Add(column.Order == SortOrder.Descending);
        }

        return (ordinals.MoveToImmutable(), descending.MoveToImmutable());
    }

    /// <summary>The collation a key column names explicitly (<c>c COLLATE x</c>), or null.</summary>
    /// <param name="column">The key column.</param>
    /// <returns>The collation name, or null.</returns>
    public static string? KeyCollation(IndexedColumn column)
    {
        if (column.Collation is not null)
        {
            return column.Collation;
        }

        // The outermost COLLATE wins, as in an expression.
        return column.Expression is CollateExpression collate ? collate.Collation : null;
    }

    /// <summary>
    /// The collation of an index key column, null for BINARY. A built-in's keys are encoded in its order; a user
    /// collation's keys hold the text as BINARY does, and the index tree is ordered by a comparer that calls it (see
    /// <see cref="Records.CollatedKeyComparer"/>), resolved by name on the database that opens the index.
    /// </summary>
    /// <param name="name">The collation name, or null for BINARY.</param>
    /// <returns>The collation, or null for BINARY.</returns>
    public static Collation? IndexCollation(string? name)
    {
        if (name is null)
        {
            return null;
        }

        Collation collation = Collation.Named(name);
        return collation.IsBinary ? null : collation;
    }

    private static (ImmutableArray<int> Columns, ImmutableArray<bool> Descending) ResolveKeyColumns(
        ImmutableArray<IndexedColumn> key, List<ColumnDraft> columns, string tableName) =>
        ResolveKeyColumns(
            key,
            name =>
            {
                for (int i = 0; i < columns.Count; i++)
                {
                    if (string.Equals(columns[i].Name, name, StringComparison.OrdinalIgnoreCase))
                    {
                        return i;
                    }
                }

                return -1;
            },
            tableName);

    private static void CheckSinglePrimaryKey(int count, string tableName, SourcePosition position)
    {
        if (count > 1)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.AlreadyExists, $"table {tableName} has more than one primary key", position);
        }
    }

    private static void CheckNoAutoIncrementWithoutRowId(bool autoIncrement, SourcePosition position)
    {
        if (autoIncrement)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "AUTOINCREMENT not allowed on WITHOUT ROWID tables", position);
        }
    }

    // SQLite drops a column named twice in a WITHOUT ROWID key (PRIMARY KEY(a, a)): the second adds nothing to it.
    private static ImmutableArray<IndexColumn> DistinctKeyColumns(ImmutableArray<IndexColumn> columns)
    {
        var kept = ImmutableArray.CreateBuilder<IndexColumn>(columns.Length);
        foreach (IndexColumn column in columns)
        {
            bool seen = false;
            foreach (IndexColumn earlier in kept)
            {
                seen |= earlier.Ordinal == column.Ordinal;
            }

            if (!seen)
            {
                kept.Add(column);
            }
        }

        return kept.ToImmutable();
    }

    private static void CheckNoAutoIncrement(bool autoIncrement, SourcePosition position)
    {
        if (autoIncrement)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "AUTOINCREMENT is only allowed on an INTEGER PRIMARY KEY", position);
        }
    }

    private sealed class ColumnDraft(string name, TypeName? type, SourcePosition position)
    {
        public string Name { get; } = name;

        public TypeName? Type { get; } = type;

        public SourcePosition Position { get; } = position;

        public bool NotNull { get; set; }

        public Expression? Default { get; set; }

        public string? Collation { get; set; }

        public Expression? Generated { get; set; }

        public bool GeneratedStored { get; set; }
    }
}
