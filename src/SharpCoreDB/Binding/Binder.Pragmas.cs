using System.Collections.Frozen;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Maintenance;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>PRAGMA: the ones an application reads its schema and version through, answered as SQLite answers them.</content>
internal sealed partial class Binder
{
    private const string SupportedPragmas =
        "user_version, schema_version, table_info, table_xinfo, index_list, index_info, index_xinfo, journal_mode, foreign_keys, defer_foreign_keys, foreign_key_list, foreign_key_check, " +
        "integrity_check, quick_check, page_count, freelist_count, page_size, rekey, decrypt";

    private static readonly Func<Execution.ExecutionContext, List<SqlValue[]>> s_pageCount = context => HeaderRow(context, "page_count");
    private static readonly Func<Execution.ExecutionContext, List<SqlValue[]>> s_freelistCount = context => HeaderRow(context, "freelist_count");
    private static readonly Func<Execution.ExecutionContext, List<SqlValue[]>> s_pageSize = context => HeaderRow(context, "page_size");

    private BoundStatement BindPragma(PragmaStatement pragma)
    {
        string name = pragma.Name.Name.ToLowerInvariant();
        // table_info(t) and the like: the parser gives the name as a string.
        string? argument = (pragma.Value as StringLiteral)?.Value;
        switch (name)
        {
            case "user_version" when pragma.Value is null:
                return Rows(["user_version"], [[new UserVersionExpr()]]);
            case "user_version":
                return BoundStatement.OfPlan(new UserVersionPlan(_schema, SlotWidths, PragmaInteger(pragma.Value)));
            case "schema_version" when pragma.Value is null:
                return Rows(["schema_version"], [[Literal(SqlValue.FromInt64(_schema.Version))]]);
            case "table_info":
                return Rows(["cid", "name", "type", "notnull", "dflt_value", "pk"], TableInfo(argument, extended: false));
            case "table_xinfo":
                return Rows(["cid", "name", "type", "notnull", "dflt_value", "pk", "hidden"], TableInfo(argument, extended: true));
            case "index_list":
                return Rows(["seq", "name", "unique", "origin", "partial"], IndexList(argument));
            case "index_info":
                return Rows(["seqno", "cid", "name"], IndexInfo(argument));
            case "index_xinfo":
                return Rows(["seqno", "cid", "name", "desc", "coll", "key"], IndexXInfo(argument));
            case "journal_mode":
                // Every database here keeps a write-ahead log; like SQLite, the answer is the mode in effect.
                return Rows(["journal_mode"], [[Literal(SqlValue.FromText("wal"))]]);
            case "foreign_keys" or "defer_foreign_keys" when pragma.Value is null:
                return Rows([name], [[new ConnectionCounterExpr(name == "foreign_keys" ? ConnectionCounterExpr.Counter.ForeignKeys : ConnectionCounterExpr.Counter.DeferForeignKeys)]]);
            case "foreign_keys" or "defer_foreign_keys":
                // Setting them is the session's business (PlanKind.SessionPragma); bound only under EXPLAIN.
                return Rows([], []);
            case "foreign_key_list":
                return Rows(["id", "seq", "table", "from", "to", "on_update", "on_delete", "match"], ForeignKeyList(argument));
            case "foreign_key_check":
                return ForeignKeyCheck(argument, pragma.Position);
            case "integrity_check" or "quick_check":
                return IntegrityCheck(name, pragma.Value);
            case "page_count" or "freelist_count" or "page_size" when pragma.Value is null:
                // One cached delegate per field: preparing the pragma allocates no closure for it.
                return Computed(name, name switch
                {
                    "page_count" => s_pageCount,
                    "freelist_count" => s_freelistCount,
                    _ => s_pageSize,
                });
            case "page_size":
                // SQLite ignores a new page size for a database that exists; here the page size is fixed at creation.
                return Rows([], []);
            case "rekey" or "decrypt":
                // Run by the session (PlanKind.Maintenance); bound only under EXPLAIN.
                return Rows([], []);
            default:
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"PRAGMA {pragma.Name.Name} is not supported (supported: {SupportedPragmas})", pragma.Position);
        }
    }

    // SQLite's columns of PRAGMA table_info: declared type as written, NOT NULL, the default's text, position in the
    // primary key. table_info leaves generated columns out; table_xinfo lists them, hidden 2 (VIRTUAL) or 3 (STORED).
    private List<Expr[]> TableInfo(string? tableName, bool extended)
    {
        var rows = new List<Expr[]>();
        if (tableName is null || _schema.FindTable(tableName) is not { } table)
        {
            if (tableName is not null && _schema.FindView(tableName) is { } view)
            {
                return ViewInfo(view, extended);
            }

            return tableName is not null && IsTableFunction(tableName) ? TableFunctionInfo(extended) : rows;
        }

        var definition = (CreateTableStatement)Sql.Parsing.SqlParser.ParseStatement(table.Sql);
        IndexSchema? primaryKey = table.PrimaryKey ?? table.Indexes.FirstOrDefault(i => i.Origin == IndexOrigin.PrimaryKey);
        foreach (ColumnSchema column in table.Columns)
        {
            int pk = column.IsRowIdAlias ? 1 : 0;
            if (primaryKey is not null)
            {
                for (int i = 0; i < primaryKey.Columns.Length; i++)
                {
                    if (primaryKey.Columns[i].Ordinal == column.Ordinal)
                    {
                        pk = i + 1;
                    }
                }
            }

            int hidden = column.Generated is null ? 0 : column.GeneratedStored ? 3 : 2;
            if (hidden != 0 && !extended)
            {
                continue;
            }

            ColumnDefinition declared = definition.Columns[column.Ordinal];
            string? defaultText = DefaultText(table.Sql, declared);
            // SQLite reports the key columns of a WITHOUT ROWID table NOT NULL: it enforces that on them.
            bool notNull = declared.Constraints.Any(c => c is NotNullColumnConstraint) || table.WithoutRowId && pk > 0;
            rows.Add(
            [
                Literal(SqlValue.FromInt64(extended ? column.Ordinal : rows.Count)),
                Literal(SqlValue.FromText(column.Name)),
                Literal(SqlValue.FromText(TypeText(column.DeclaredTypeName))),
                Literal(SqlValue.FromInt64(notNull ? 1 : 0)),
                Literal(defaultText is null ? SqlValue.Null : SqlValue.FromText(defaultText)),
                Literal(SqlValue.FromInt64(pk)),
            ]);
            if (extended)
            {
                rows[^1] = [.. rows[^1], Literal(SqlValue.FromInt64(hidden))];
            }
        }

        return rows;
    }

    // SQLite spells the six type names it knows (INT, INTEGER, REAL, TEXT, BLOB, ANY) in capitals, any other as written.
    private static string TypeText(string declared) =>
        declared.ToUpperInvariant() is "INT" or "INTEGER" or "REAL" or "TEXT" or "BLOB" or "ANY" ? declared.ToUpperInvariant() : declared;

    // The DEFAULT's text as written in the CREATE TABLE (inside its parentheses when it has them), as SQLite reports it.
    // (Also the COLUMN_DEFAULT of GetSchema("Columns").)
    internal static string? DefaultText(string sql, ColumnDefinition column)
    {
        foreach (ColumnConstraint constraint in column.Constraints)
        {
            if (constraint is DefaultColumnConstraint defaultValue)
            {
                var lexer = new Sql.Lexing.Lexer(sql.AsSpan(defaultValue.Position.Offset));
                Sql.Lexing.Token keyword = lexer.Next();
                if (!keyword.Is(Sql.Lexing.Keyword.Default))
                {
                    // A named constraint: CONSTRAINT name DEFAULT …
                    lexer.Next();
                    keyword = lexer.Next();
                }

                Sql.Lexing.Token first = lexer.Next();
                int start = defaultValue.Position.Offset + first.Start;
                if (first.Kind == Sql.Lexing.TokenKind.LeftParen)
                {
                    int depth = 1;
                    Sql.Lexing.Token token = first;
                    while (depth > 0)
                    {
                        token = lexer.Next();
                        if (token.Kind == Sql.Lexing.TokenKind.EndOfInput)
                        {
                            break;
                        }

                        depth += token.Kind == Sql.Lexing.TokenKind.LeftParen ? 1 : token.Kind == Sql.Lexing.TokenKind.RightParen ? -1 : 0;
                    }

                    return sql[(start + 1)..(defaultValue.Position.Offset + token.Start)];
                }

                Sql.Lexing.Token last = first;
                if (first.Kind is Sql.Lexing.TokenKind.Minus or Sql.Lexing.TokenKind.Plus)
                {
                    last = lexer.Next();
                }

                return sql[start..(defaultValue.Position.Offset + last.End)];
            }
        }

        return null;
    }

    // Newest index first, as SQLite lists them; origin c (CREATE INDEX), u (UNIQUE) or pk (PRIMARY KEY).
    private List<Expr[]> IndexList(string? tableName)
    {
        var rows = new List<Expr[]>();
        if (tableName is null || _schema.FindTable(tableName) is not { } table)
        {
            return rows;
        }

        // The clustered key of a WITHOUT ROWID table is listed at its place among the constraint indexes.
        var indexes = new List<IndexSchema>(table.Indexes);
        if (table.PrimaryKey is { } primaryKey)
        {
            indexes.Insert(table.PrimaryKeyPosition, primaryKey);
        }

        for (int i = indexes.Count - 1; i >= 0; i--)
        {
            IndexSchema index = indexes[i];
            string origin = index.Origin switch
            {
                IndexOrigin.PrimaryKey => "pk",
                IndexOrigin.UniqueConstraint => "u",
                _ => "c",
            };
            rows.Add(
            [
                Literal(SqlValue.FromInt64(rows.Count)),
                Literal(SqlValue.FromText(index.Name)),
                Literal(SqlValue.FromInt64(index.IsUnique ? 1 : 0)),
                Literal(SqlValue.FromText(origin)),
                Literal(SqlValue.FromInt64(index.Where is null ? 0 : 1)),
            ]);
        }

        return rows;
    }

    private List<Expr[]> IndexInfo(string? indexName)
    {
        var rows = new List<Expr[]>();
        if (indexName is null || (_schema.FindIndex(indexName) ?? ClusteredKey(indexName)) is not { } index || _schema.FindTable(index.TableName) is not { } table)
        {
            return rows;
        }

        foreach (IndexColumn column in index.Columns)
        {
            rows.Add(
            [
                Literal(SqlValue.FromInt64(rows.Count)),
                // An expression key is cid -2 with no name, as in SQLite.
                Literal(SqlValue.FromInt64(column.Expression is null ? column.Ordinal : -2)),
                Literal(column.Expression is null ? SqlValue.FromText(table.Columns[column.Ordinal].Name) : SqlValue.Null),
            ]);
        }

        return rows;
    }

    // SQLite's index_xinfo: the key columns (key 1), then what else an entry holds (key 0): the row id (cid -1), or
    // for a WITHOUT ROWID table the PRIMARY KEY columns the index does not already have, or for that PRIMARY KEY
    // itself every other column of the table.
    private List<Expr[]> IndexXInfo(string? indexName)
    {
        var rows = new List<Expr[]>();
        if (indexName is null || (_schema.FindIndex(indexName) ?? ClusteredKey(indexName)) is not { } index || _schema.FindTable(index.TableName) is not { } table)
        {
            return rows;
        }

        foreach (IndexColumn column in index.Columns)
        {
            bool expression = column.Expression is not null;
            rows.Add(XInfoRow(rows.Count, expression ? -2 : column.Ordinal, expression ? null : table.Columns[column.Ordinal].Name, column.Descending, column.Collation?.Name, key: true));
        }

        if (table.PrimaryKey is not { } primaryKey)
        {
            rows.Add(XInfoRow(rows.Count, -1, null, descending: false, null, key: false));
            return rows;
        }

        if (index.IsClustered)
        {
            foreach (ColumnSchema column in table.Columns)
            {
                if (!index.Columns.Any(c => c.Ordinal == column.Ordinal))
                {
                    rows.Add(XInfoRow(rows.Count, column.Ordinal, column.Name, descending: false, column.Collation, key: false));
                }
            }

            return rows;
        }

        foreach (IndexColumn keyColumn in primaryKey.Columns)
        {
            if (!index.Columns.Any(c => c.Expression is null && c.Ordinal == keyColumn.Ordinal && Collation.Same(c.Collation, keyColumn.Collation)))
            {
                rows.Add(XInfoRow(rows.Count, keyColumn.Ordinal, table.Columns[keyColumn.Ordinal].Name, keyColumn.Descending, keyColumn.Collation?.Name, key: false));
            }
        }

        return rows;
    }

    private static Expr[] XInfoRow(int seqno, int cid, string? name, bool descending, string? collation, bool key) =>
    [
        Literal(SqlValue.FromInt64(seqno)),
        Literal(SqlValue.FromInt64(cid)),
        Literal(name is null ? SqlValue.Null : SqlValue.FromText(name)),
        Literal(SqlValue.FromInt64(descending ? 1 : 0)),
        Literal(SqlValue.FromText(collation ?? "BINARY")),
        Literal(SqlValue.FromInt64(key ? 1 : 0)),
    ];

    // The PRIMARY KEY of a WITHOUT ROWID table by its constraint-index name (it is the table tree, not a catalog index).
    private IndexSchema? ClusteredKey(string indexName)
    {
        foreach (TableSchema table in _schema.Tables.Values)
        {
            if (table.PrimaryKey is { } key && string.Equals(key.Name, indexName, StringComparison.OrdinalIgnoreCase))
            {
                return key;
            }
        }

        return null;
    }

    // PRAGMA integrity_check[(N)] / quick_check[(N)]: 'ok', or one row per problem up to N (default 100), as SQLite.
    private BoundStatement IntegrityCheck(string name, Expression? value)
    {
        int limit = value is null ? 100 : (int)Math.Clamp(PragmaInteger(value), 1, int.MaxValue);
        bool quick = name == "quick_check";
        Dictionary<string, TableWriter> writers = quick ? [] : IndexEntryWriters();
        return Computed(name, context =>
        {
            List<string> problems = IntegrityChecker.Check(context, limit, quick, writers);
            var rows = new List<SqlValue[]>(Math.Max(1, problems.Count));
            if (problems.Count == 0)
            {
                rows.Add([SqlValue.FromText("ok")]);
            }

            foreach (string problem in problems)
            {
                rows.Add([SqlValue.FromText(problem)]);
            }

            return rows;
        });
    }

    // Per table with a partial index or an index on expressions, a writer bound to compute each row's entries exactly
    // as inserts do (the WHERE decides whether there is one, the expressions give its key), for the cross-check.
    private Dictionary<string, TableWriter> IndexEntryWriters()
    {
        var writers = new Dictionary<string, TableWriter>(StringComparer.OrdinalIgnoreCase);
        foreach (TableSchema table in _schema.Tables.Values)
        {
            bool computed = false;
            foreach (IndexSchema index in table.Indexes)
            {
                computed |= index.Where is not null || index.HasExpression;
            }

            if (computed)
            {
                int slot = NewSlot(table.Columns.Length + 1);
                (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
                writers[table.Name] = new TableWriter(table, slot, [])
                {
                    IndexPredicates = BindIndexPredicates(table, slot),
                    IndexExpressions = keys,
                    KeySlot = keySlot,
                };
            }
        }

        return writers;
    }

    private BoundStatement Computed(string name, Func<Execution.ExecutionContext, List<SqlValue[]>> compute)
    {
        int slot = NewSlot(1);
        var columns = new[] { new ResultColumnInfo(name, string.Empty, SqlDeclaredType.None, Affinity.None) };
        return PragmaRows(new BoundPragmaRows(compute, slot, name), slot, columns);
    }

    // A pragma's rows as a bound query: the plan pass plans it as it plans a SELECT.
    private BoundStatement PragmaRows(IBoundRelation rows, int slot, IReadOnlyList<ResultColumnInfo> columns) =>
        BoundStatement.OfQuery(new BoundQuery(rows, slot, columns, FrozenSet<int>.Empty), _schema, SlotWidths, null, _definitions);

    private BoundStatement Rows(string[] names, List<Expr[]> rows)
    {
        int slot = NewSlot(Math.Max(1, names.Length));
        var columns = new ResultColumnInfo[names.Length];
        for (int i = 0; i < names.Length; i++)
        {
            columns[i] = new ResultColumnInfo(names[i], string.Empty, SqlDeclaredType.None, Affinity.None);
        }

        // The rows as they are: a list of arrays is a list of read-only lists (no copy per pragma).
        return PragmaRows(new BoundValues(rows, slot), slot, columns);
    }

    private static LiteralExpr Literal(SqlValue value) => new(value);

    // PRAGMA page_count / freelist_count / page_size: the header field's value as the one row.
    private static List<SqlValue[]> HeaderRow(Execution.ExecutionContext context, string name) =>
        [[SqlValue.FromInt64(HeaderFields.Read(context.Transaction, name))]];

    // PRAGMA user_version = value: SQLite's integer reading of the value (text that is not a number reads as 0).
    private static long PragmaInteger(Expression value) => value switch
    {
        IntegerLiteral i => i.Value,
        RealLiteral r => (long)r.Value,
        UnaryExpression { Operator: UnaryOperator.Negate, Operand: IntegerLiteral i } => -i.Value,
        UnaryExpression { Operator: UnaryOperator.Negate, Operand: RealLiteral r } => -(long)r.Value,
        StringLiteral s => long.TryParse(s.Value, System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out long parsed) ? parsed : 0,
        _ => 0,
    };

    /// <summary>A boolean pragma's value as SQLite reads it (<c>sqlite3GetBoolean</c>): ON, YES, TRUE or a non-zero number; anything else is off.</summary>
    /// <param name="value">The value after <c>=</c>.</param>
    /// <returns>True for on.</returns>
    internal static bool PragmaFlag(Expression value) => value switch
    {
        IntegerLiteral i => i.Value != 0,
        RealLiteral r => (long)r.Value != 0,
        UnaryExpression { Operand: IntegerLiteral or RealLiteral } negated => PragmaFlag(negated.Operand),
        StringLiteral s => s.Value.Equals("on", StringComparison.OrdinalIgnoreCase) || s.Value.Equals("true", StringComparison.OrdinalIgnoreCase)
            || s.Value.Equals("yes", StringComparison.OrdinalIgnoreCase) || (long.TryParse(s.Value, System.Globalization.CultureInfo.InvariantCulture, out long n) && n != 0),
        _ => false,
    };
}
