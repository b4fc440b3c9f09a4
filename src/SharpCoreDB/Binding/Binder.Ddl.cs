using System.Collections.Immutable;
using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Binding;

/// <content>Binding CREATE and DROP: definitions are validated here, so errors point at the SQL text.</content>
internal sealed partial class Binder
{
    // The schema changes the planner plans (the rows they read, the expressions they evaluate): bound into their bound
    // change, or into their plan when there is nothing to plan.
    private BoundStatement BindSchemaChange(Statement statement) => statement switch
    {
        CreateTableStatement create => BindCreateTable(create),
        AlterTableStatement alter => SchemaChange(BindAlterTable(alter)),
        DropColumnStatement drop => SchemaChange(BindDropColumn(drop)),
        DropStatement drop => BindDrop(drop),
        CreateIndexStatement create => BindCreateIndex(create),
        _ => BindReindex((ReindexStatement)statement),
    };

    private BoundStatement SchemaChange(BoundSchemaChange change) =>
        BoundStatement.OfSchemaChange(change, _schema, SlotWidths, _subqueries, _definitions);

    private BoundStatement BindCreateTable(CreateTableStatement create)
    {
        // CREATE TABLE … AS SELECT may use parameters: the stored definition is generated from the result's columns.
        RefuseParameters([.. create.Columns, .. create.Constraints], "table definitions");
        BoundQuery? query = null;
        int rowSlot = -1;
        if (create.AsSelect is not null)
        {
            query = BindQuery(create.AsSelect, null);
            create = DefinitionFromQuery(create, query);
            rowSlot = NewSlot(query.Columns.Count + 1);
        }

        // Validate the definition now (with placeholder pages) so the errors carry positions.
        CheckColumnCollations(create.Columns);
        foreach (TableConstraint constraint in create.Constraints)
        {
            if (constraint is PrimaryKeyTableConstraint { Columns: var pk })
            {
                CheckKeyCollations(pk);
            }
            else if (constraint is UniqueTableConstraint { Columns: var unique })
            {
                CheckKeyCollations(unique);
            }
        }

        TableSchema draft = TableSchemaBuilder.Build(create, 1, _ => 1);
        foreach (CheckConstraint check in draft.Checks)
        {
            Determinism.CheckStoredExpression(check.Condition, "CHECK constraints", anyFunction: true);
        }

        (_, Scope scope) = RowScope(draft, null);
        BindChecks(draft, scope);
        GeneratedColumnBinder.Check(draft, this);
        var empty = new Scope(null);
        foreach (ColumnSchema column in draft.Columns)
        {
            if (column.Default is not null)
            {
                BindExpr(column.Default, empty);
            }
        }

        // The query's rows are planned by the plan pass, after the definition is validated.
        return query is null
            ? BoundStatement.OfPlan(new CreateTablePlan(_schema, SlotWidths, create, null, -1, -1))
            : SchemaChange(new BoundCreateTableAs(create, query, rowSlot));
    }

    // ALTER TABLE … ADD COLUMN: the stored CREATE TABLE with the column appended, checked here as SQLite checks it.
    private BoundAddColumn BindAlterTable(AlterTableStatement alter)
    {
        TableSchema table = TargetTable(alter.Table);
        ColumnDefinition column = alter.AddColumn;
        RefuseParameters([column], "column definitions");
        CheckColumnCollations([column]);
        foreach (ColumnConstraint constraint in column.Constraints)
        {
            string? refused = constraint switch
            {
                PrimaryKeyColumnConstraint => "Cannot add a PRIMARY KEY column",
                UniqueColumnConstraint => "Cannot add a UNIQUE column",
                _ => null,
            };
            if (refused is not null)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, refused, constraint.Position);
            }
        }

        var stored = (CreateTableStatement)SqlParser.ParseStatement(table.Sql);
        if (stored.Strict && TableSchemaBuilder.StrictTypeError(table.Name, column) is { } strictError)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"error in table {table.Name} after add column: {strictError}", column.Position);
        }

        // The new column goes after the last column, before any table constraint (columns must come first).
        string sql;
        if (stored.Constraints.Length > 0)
        {
            int at = stored.Constraints[0].Position.Offset;
            sql = string.Concat(table.Sql.AsSpan(0, at), alter.ColumnText, ", ", table.Sql.AsSpan(at));
        }
        else
        {
            int close = table.Sql.LastIndexOf(')');
            sql = string.Concat(table.Sql.AsSpan(0, close), ", ", alter.ColumnText, table.Sql.AsSpan(close));
        }

        CreateTableStatement create = stored with { Columns = stored.Columns.Add(column), SourceText = sql };
        TableSchema altered;
        try
        {
            altered = TableSchemaBuilder.Build(create, table.RootPage, name => ExistingIndexRoot(table, name))
                .WithIndexes(table.Indexes);
            GeneratedColumnBinder.Check(altered, this);
        }
        catch (SharpCoreDBException error) when (column.Constraints.Any(c => c is GeneratedColumnConstraint))
        {
            // SQLite names the change a generated column's definition failed in.
            throw new SharpCoreDBException(error.ErrorCode, $"error in table {table.Name} after add column: {error.Message}", error)
            {
                Line = error.Line,
                Column = error.Column,
            };
        }

        ColumnSchema added = altered.Columns[^1];
        if (!StoredDefault.TryEvaluate(added.Default, added.Affinity, out _))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "Cannot add a column with non-constant default", column.Position);
        }

        // Rows stored before read the new column as its default: when that could break NOT NULL or a CHECK, they
        // are read back once to prove it does not.
        // A generated column is computed for every stored row (see AlterTablePlan), so they are always read.
        bool verify = (added.NotNull && added.Missing.IsNull) || HasColumnCheck(column) || added.Generated is not null;
        (SourceBinding row, Scope scope) = verify ? TableScope(altered, null) : RowScope(altered, null);
        row.MarkAllUsed();
        (Expr?[]? generated, int generatedSlot) = GeneratedColumnBinder.BindForWriter(altered, this);
        Definition(generated);
        Expr[] checks = verify ? BindChecks(altered, scope) : [];
        var constraints = new BoundTableWriter(altered, row.Slot, checks, _schema, _collations, _functions)
        {
            Generated = generated,
            GeneratedSlot = generatedSlot,
        };
        return new BoundAddColumn(altered, verify ? row : null, constraints);
    }

    // A stored definition is SQL text read again at every open, long after the parameter's value is gone: SQLite
    // refuses parameters in it, and so does this binder.
    private static void RefuseParameters(IEnumerable<SyntaxNode?> nodes, string where)
    {
        ParameterExpression? parameter = null;
        foreach (SyntaxNode? node in nodes)
        {
            SyntaxWalker.Walk(node, n =>
            {
                parameter ??= n as ParameterExpression;
                return parameter is null;
            });
        }

        if (parameter is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"parameters are not allowed in {where}", parameter.Position);
        }
    }

    // True when the expression names the column (a partial index's WHERE or a generated column naming a column keeps it
    // from being dropped: GeneratedColumnBinder.RefuseDrop).
    internal static bool Mentions(Expression? expression, string column)
    {
        bool found = false;
        SyntaxWalker.Walk(expression, node =>
        {
            found |= node is ColumnReference reference && string.Equals(reference.Column, column, StringComparison.OrdinalIgnoreCase);
            return !found;
        });
        return found;
    }

    private static bool HasColumnCheck(ColumnDefinition column)
    {
        foreach (ColumnConstraint constraint in column.Constraints)
        {
            if (constraint is CheckColumnConstraint)
            {
                return true;
            }
        }

        return false;
    }

    // ALTER TABLE … DROP COLUMN, with SQLite's refusals: the row id or a PRIMARY KEY, UNIQUE, indexed or foreign-key
    // column, the only column, and a column that a CHECK, a view or a trigger still names (they are bound again
    // against the table without it). Every stored row is then rewritten without the column.
    private BoundDropColumn BindDropColumn(DropColumnStatement drop)
    {
        TableSchema table = TargetTable(drop.Table);
        string name = drop.Column.Name;
        ColumnSchema column = table.FindColumn(name)
            ?? throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: \"{name}\"", drop.Column.Position);
        if (column.IsRowIdAlias || table.PrimaryKey is { } key && key.Columns.Any(c => c.Ordinal == column.Ordinal))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot drop PRIMARY KEY column: \"{column.Name}\"", drop.Column.Position);
        }

        foreach (IndexSchema index in table.Indexes)
        {
            if (!index.Columns.Any(c => c.Ordinal == column.Ordinal || Mentions(c.Expression, column.Name)) && !Mentions(index.Where, column.Name))
            {
                continue;
            }

            string refused = index.Origin switch
            {
                IndexOrigin.PrimaryKey => $"cannot drop PRIMARY KEY column: \"{column.Name}\"",
                IndexOrigin.UniqueConstraint => $"cannot drop UNIQUE column: \"{column.Name}\"",
                _ => $"error in index {index.Name} after drop column: no such column: {column.Name}",
            };
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, refused, drop.Column.Position);
        }

        if (table.Columns.Length == 1)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot drop column \"{column.Name}\": no other columns exist", drop.Column.Position);
        }

        GeneratedColumnBinder.RefuseDrop(table, column, drop.Column.Position);
        var stored = (CreateTableStatement)SqlParser.ParseStatement(table.Sql);
        ColumnDefinition definition = stored.Columns[column.Ordinal];
        bool foreignKey = definition.Constraints.Any(c => c is ReferencesColumnConstraint)
            || stored.Constraints.Any(c => c is ForeignKeyTableConstraint fk && fk.Columns.Any(k => string.Equals(k.Name, name, StringComparison.OrdinalIgnoreCase)));
        if (foreignKey)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot drop column \"{column.Name}\": it is used in a foreign key", drop.Column.Position);
        }

        CreateTableStatement without = stored with { Columns = stored.Columns.RemoveAt(column.Ordinal), SourceText = string.Empty };
        without = without with { SourceText = SqlFormatter.Format(without) };
        TableSchema built = TableSchemaBuilder.Build(without, table.RootPage, indexName => ExistingIndexRoot(table, indexName));
        var indexes = ImmutableArray.CreateBuilder<IndexSchema>(table.Indexes.Length);
        foreach (IndexSchema index in table.Indexes)
        {
            indexes.Add(index.Sql is null
                ? built.Indexes.First(i => string.Equals(i.Name, index.Name, StringComparison.OrdinalIgnoreCase))
                : IndexSchemaBuilder.Build((CreateIndexStatement)SqlParser.ParseStatement(index.Sql), built, index.RootPage));
        }

        TableSchema altered = built.WithIndexes(indexes.MoveToImmutable());
        Schema after = _schema.WithTable(altered);
        (SourceBinding row, Scope scope) = RowScope(altered, null);
        row.MarkAllUsed();
        // The remaining CHECKs must still bind; the rows already satisfy them (the same expressions over the same
        // values), so they are not evaluated again.
        BindChecks(altered, scope);
        var writer = new BoundTableWriter(altered, row.Slot, [], _schema, _collations, _functions);
        ValidateDependents(after, $"drop column {table.Name}.{column.Name}");

        (SourceBinding oldRow, _) = TableScope(table, null);
        oldRow.MarkAllUsed();
        return new BoundDropColumn(altered, column.Ordinal, oldRow, writer);
    }

    // Views and triggers that would no longer bind make the change an error, as in SQLite.
    private void ValidateDependents(Schema after, string change)
    {
        foreach (ViewSchema view in after.Views.Values)
        {
            try
            {
                ValidateView((CreateViewStatement)SqlParser.ParseStatement(view.Sql), after, _collations, _functions);
            }
            catch (SharpCoreDBException ex)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Unsupported, $"error in view {view.Name} after {change}: {ex.Message}", ex);
            }
        }

        foreach (TriggerSchema trigger in after.Triggers.Values)
        {
            // Bound only, never planned: the triggers are not run here.
            var check = new Binder(after, new Dictionary<string, int>(), _collations, _functions);
            try
            {
                if (check.TriggerTarget(trigger.TableName) is not { } on)
                {
                    continue;
                }

                check.BindTriggers(on, trigger.Event, null, ConflictResolution.Unspecified);
            }
            catch (SharpCoreDBException ex)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Unsupported, $"error in trigger {trigger.Name} after {change}: {ex.Message}", ex);
            }
        }
    }

    private static uint ExistingIndexRoot(TableSchema table, string name)
    {
        foreach (IndexSchema index in table.Indexes)
        {
            if (string.Equals(index.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return index.RootPage;
            }
        }

        // ADD COLUMN refuses PRIMARY KEY and UNIQUE, so every constraint index of the new definition exists already.
        throw new InvalidOperationException($"The altered table {table.Name} asks for a new index {name}.");
    }

    // CREATE TABLE … AS SELECT gets columns named after the result and typed by its affinity, as in SQLite.
    private static CreateTableStatement DefinitionFromQuery(CreateTableStatement create, BoundQuery query)
    {
        var sql = new StringBuilder("CREATE TABLE ");
        sql.Append(Quote(create.Name.Name)).Append('(');
        for (int i = 0; i < query.Columns.Count; i++)
        {
            ResultColumnInfo column = query.Columns[i];
            if (i > 0)
            {
                sql.Append(", ");
            }

            sql.Append(Quote(column.Name));
            string type = column.DeclaredTypeName.Length > 0 ? column.DeclaredTypeName : column.Affinity switch
            {
                Affinity.Integer => "INT",
                Affinity.Real => "REAL",
                Affinity.Text => "TEXT",
                Affinity.Numeric or Affinity.Decimal => "NUM",
                _ => string.Empty,
            };
            if (type.Length > 0)
            {
                sql.Append(' ').Append(type);
            }
        }

        sql.Append(')');
        var parsed = (CreateTableStatement)SqlParser.ParseStatement(sql.ToString());
        return parsed with { IfNotExists = create.IfNotExists };
    }

    private static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    private BoundStatement BindCreateIndex(CreateIndexStatement create)
    {
        TableSchema? table = _schema.FindTable(create.Table.Name);
        if (table is null && !(create.IfNotExists && _schema.KindOf(create.Name.Name) is not null))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"no such table: {create.Table.Name}", create.Table.Position);
        }

        Expr? predicate = null;
        Expr?[]? keys = null;
        int rowSlot = -1;
        if (table is not null)
        {
            CheckKeyCollations(create.Columns);
            if (create.Where is not null)
            {
                Determinism.CheckStoredExpression(create.Where, Determinism.PartialIndexWhere);
            }

            foreach (IndexedColumn key in create.Columns)
            {
                if (IndexSchemaBuilder.KeyExpression(key) is { } expression)
                {
                    Determinism.CheckStoredExpression(expression, Determinism.IndexExpressions);
                }
            }

            IndexSchema index = IndexSchemaBuilder.Build(create, table, 1);
            if (create.Where is not null || index.HasExpression)
            {
                rowSlot = NewSlot(table.Columns.Length + 1);
                predicate = create.Where is null ? null : BindIndexPredicate(table, rowSlot, create.Where);
                keys = index.HasExpression ? BindIndexExpressions(table, rowSlot, index) : null;

                // Bound, the calls name their functions: one registered from C# as non-deterministic is refused too.
                if (predicate is not null)
                {
                    Determinism.RequireDeterministic(predicate, Determinism.PartialIndexWhere);
                }

                foreach (Expr? key in keys ?? [])
                {
                    if (key is not null)
                    {
                        Determinism.RequireDeterministic(key, Determinism.IndexExpressions);
                    }
                }
            }
        }

        // The planner rewrites the WHERE and the keys (the statement's definitions) before the index is built.
        return rowSlot < 0
            ? BoundStatement.OfPlan(new CreateIndexPlan(_schema, SlotWidths, create))
            : SchemaChange(new BoundCreateIndex(create, predicate, keys, rowSlot));
    }

    private CreateViewPlan BindCreateView(CreateViewStatement create)
    {
        ValidateView(create, _schema, _collations, _functions);
        return new CreateViewPlan(_schema, SlotWidths, create);
    }

    /// <summary>
    /// Binds a view's query once, so unknown tables and columns are reported when the view is created. It is bound
    /// only, never planned.
    /// </summary>
    /// <param name="create">The CREATE VIEW.</param>
    /// <param name="schema">The schema the view will be used with.</param>
    /// <param name="collations">The database's collations.</param>
    /// <param name="functions">The functions registered from C# on the database.</param>
    /// <exception cref="SharpCoreDBException">The query does not bind, or the column list does not fit it.</exception>
    public static void ValidateView(CreateViewStatement create, Schema schema, CollationRegistry collations, UserFunctionSet functions)
    {
        BoundQuery query = StackGuard.Run(() => new Binder(schema, new Dictionary<string, int>(), collations, functions).BindQuery(create.Query, null), "the view");
        if (!create.Columns.IsDefaultOrEmpty && create.Columns.Length != query.Columns.Count)
        {
            throw SqlErrors.At(
                SharpCoreDBErrorCode.Unsupported,
                $"expected {create.Columns.Length} columns for view {create.Name.Name} but got {query.Columns.Count}",
                create.Position);
        }
    }

    private BoundStatement BindDrop(DropStatement drop)
    {
        // DROP TABLE of a table in a foreign key first deletes its rows when foreign keys are on (SQLite's
        // sqlite3FkDropTable), through a writer whose enforcer the planner builds.
        if (drop.Kind == SchemaObjectKind.Table && _schema.FindTable(drop.Name.Name) is { } table
            && !(table.ForeignKeys.IsEmpty && _schema.ForeignKeysReferencing(table.Name).IsEmpty))
        {
            int slot = NewSlot(table.Columns.Length + 1);
            (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
            var rows = new BoundTableWriter(table, slot, [], _schema, _collations, _functions) { IndexExpressions = keys, KeySlot = keySlot };
            return SchemaChange(new BoundDropTable(drop, rows));
        }

        return BoundStatement.OfPlan(new DropPlan(_schema, SlotWidths, drop));
    }

    // REINDEX [index | table | collation]: naming a collation rebuilds every index (a superset of those using it).
    private BoundStatement BindReindex(ReindexStatement reindex)
    {
        var chosen = new List<IndexSchema>();
        string? name = reindex.Target?.Name;
        // A collation name comes first, as in SQLite's sqlite3Reindex.
        if (name is null || _collations.Find(name) is not null)
        {
            foreach (TableSchema table in _schema.Tables.Values)
            {
                chosen.AddRange(table.Indexes);
            }
        }
        else if (_schema.FindIndex(name) is { } index)
        {
            chosen.Add(index);
        }
        else if (_schema.FindTable(name) is { } table)
        {
            chosen.AddRange(table.Indexes);
        }
        else
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.UnknownIndex, $"unable to identify the object to be reindexed: {name}", reindex.Target!.Position);
        }

        var indexes = new List<(IndexSchema, Expr?, Expr?[]?, int)>(chosen.Count);
        bool partial = false;
        foreach (IndexSchema index in chosen)
        {
            if ((index.Where is not null || index.HasExpression) && _schema.FindTable(index.TableName) is { } indexed)
            {
                partial |= index.Where is not null;
                int rowSlot = NewSlot(indexed.Columns.Length + 1);
                indexes.Add((
                    index,
                    index.Where is null ? null : BindIndexPredicate(indexed, rowSlot, index.Where),
                    index.HasExpression ? BindIndexExpressions(indexed, rowSlot, index) : null,
                    rowSlot));
            }
            else
            {
                indexes.Add((index, null, null, -1));
            }
        }

        // The planner rewrites the partial indexes' WHERE (the keys are the statement's definitions).
        return partial
            ? SchemaChange(new BoundReindex(indexes))
            : BoundStatement.OfPlan(new ReindexPlan(_schema, SlotWidths, indexes));
    }
}
