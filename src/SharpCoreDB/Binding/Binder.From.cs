using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>Binding FROM: tables, views, subqueries and joins.</content>
internal sealed partial class Binder
{
    private void BindFrom(FromClause from, Scope scope, SelectBlock block)
    {
        BindJoinSource(from.First, JoinKind.Comma, null, default, scope, block);
        foreach (JoinClause join in from.Joins)
        {
            if (join.Kind is JoinKind.Right or JoinKind.Full)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"{(join.Kind == JoinKind.Right ? "RIGHT" : "FULL")} JOIN is not supported", join.Position);
            }

            BindJoinSource(join.Table, join.Kind, join, join.Position, scope, block);
        }
    }

    private void BindJoinSource(TableSource table, JoinKind kind, JoinClause? join, SourcePosition position, Scope scope, SelectBlock block)
    {
        if (table is NestedJoinSource nested)
        {
            if (kind == JoinKind.Left)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "LEFT JOIN of a parenthesized join is not supported", nested.Position);
            }

            Nest();
            try
            {
                BindFrom(nested.Join, scope, block);
            }
            finally
            {
                _nesting--;
            }

            if (join?.On is not null)
            {
                AddConjuncts(BindExpr(join.On, scope), block.Where);
            }

            return;
        }

        int leftCount = scope.Sources.Count;
        FromItem item = BindTableSource(table, scope);
        item.LeftJoin = kind == JoinKind.Left;
        scope.Sources.Add(item.Source);
        block.From.Add(item);
        if (block.From.Count > SqlLimits.MaxJoinTables)
        {
            // The join orderer and the access-path search work per table; like SQLite, bound the tables of one join.
            throw SqlErrors.At(
                SharpCoreDBErrorCode.TooComplex,
                $"at most {SqlLimits.Text(SqlLimits.MaxJoinTables)} tables in a join",
                table.Position);
        }

        if (join is null)
        {
            return;
        }

        List<Expr> target = item.LeftJoin ? item.On : block.Where;
        if (join.Natural || !join.Using.IsDefaultOrEmpty)
        {
            if (join.On is not null)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.SyntaxError, "a join cannot have both ON and USING/NATURAL", position);
            }

            foreach (string column in MergedColumns(join, item.Source, scope, leftCount))
            {
                (SourceBinding left, SourceColumn leftColumn) = FindLeftColumn(scope, leftCount, column, position);
                SourceColumn rightColumn = item.Source.Find(column)!;
                left.MarkUsed(leftColumn.Index);
                item.Source.MarkUsed(rightColumn.Index);
                item.Source.MergedColumns.Add(column);
                target.Add(new ComparisonExpr(
                    BinaryOperator.Equal,
                    new ColumnExpr(left.Slot, leftColumn.Index, left.Name + "." + column, leftColumn.Affinity, leftColumn.DeclaredType, leftColumn.DeclaredTypeName) { ColumnCollation = leftColumn.Collation },
                    new ColumnExpr(item.Source.Slot, rightColumn.Index, item.Source.Name + "." + column, rightColumn.Affinity, rightColumn.DeclaredType, rightColumn.DeclaredTypeName) { ColumnCollation = rightColumn.Collation }));
            }
        }

        if (join.On is not null)
        {
            AddConjuncts(BindExpr(join.On, scope), target);
        }
    }

    private static List<string> MergedColumns(JoinClause join, SourceBinding right, Scope scope, int leftCount)
    {
        var columns = new List<string>();
        if (join.Natural)
        {
            foreach (SourceColumn column in right.Columns)
            {
                for (int i = 0; i < leftCount; i++)
                {
                    if (scope.Sources[i].Find(column.Name) is not null && scope.Sources[i].Table?.RowIdSlot != scope.Sources[i].Find(column.Name)!.Index)
                    {
                        columns.Add(column.Name);
                        break;
                    }
                }
            }

            return columns;
        }

        foreach (Identifier identifier in join.Using)
        {
            if (right.Find(identifier.Name) is null)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"cannot join using column {identifier.Name} - column not present in both tables", identifier.Position);
            }

            columns.Add(identifier.Name);
        }

        return columns;
    }

    private static (SourceBinding Source, SourceColumn Column) FindLeftColumn(Scope scope, int leftCount, string name, SourcePosition position)
    {
        for (int i = 0; i < leftCount; i++)
        {
            SourceColumn? column = scope.Sources[i].Find(name);
            if (column is not null)
            {
                return (scope.Sources[i], column);
            }
        }

        throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"cannot join using column {name} - column not present in both tables", position);
    }

    private FromItem BindTableSource(TableSource table, Scope scope)
    {
        switch (table)
        {
            case TableReference reference:
                {
                    if (TryBindCte(reference, scope) is { } cte)
                    {
                        return cte;
                    }

                    string name = reference.Name.Name;
                    string alias = reference.Alias ?? name;
                    if (_schema.TemporaryViews.TryGetValue(name, out ViewSchema? temporary))
                    {
                        return BindDerived(temporary.Query, alias, temporary.ColumnNames, scope, reference.Position, view: true);
                    }

                    TableSchema? schemaTable = _schema.FindTable(name);
                    if (schemaTable is not null)
                    {
                        if (reference.IndexedBy is not null)
                        {
                            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "INDEXED BY is not supported", reference.Position);
                        }

                        var columns = new SourceColumn[schemaTable.Columns.Length];
                        foreach (ColumnSchema column in schemaTable.Columns)
                        {
                            columns[column.Ordinal] = TableSourceColumn(column);
                        }

                        int slot = NewSlot(schemaTable.Columns.Length + 1);
                        return new FromItem(new SourceBinding(alias, slot, columns, schemaTable) 
                        {
                            IndexPredicates = BindIndexPredicates(schemaTable, slot),
                            IndexExpressions = BindIndexExpressions(schemaTable, slot),
                        });
                    }

                    if (SchemaTableQuery(name) is { } schemaRows)
                    {
                        return BindDerived(schemaRows, alias, SchemaTableColumns, scope, reference.Position);
                    }

                    ViewSchema? view = _schema.FindView(name)
                        ?? throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"no such table: {name}", reference.Position);
                    return BindDerived(view.Query, alias, view.ColumnNames, scope, reference.Position, view: true);
                }

            case SubquerySource subquery:
                return BindDerived(subquery.Query, subquery.Alias ?? "(subquery)", [], scope, subquery.Position);
            default:
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "unsupported FROM item", table.Position);
        }
    }

    private FromItem BindDerived(SelectStatement query, string alias, IReadOnlyList<string> columnNames, Scope scope, SourcePosition position, bool view = false)
    {
        // A derived table sees the enclosing queries, never its siblings in the same FROM.
        var isolated = new Scope(scope.Parent);
        BoundQuery bound = BindQuery(query, isolated);
        foreach (int slot in bound.OuterSlots)
        {
            scope.OuterSlots.Add(slot);
        }

        SourceColumn[] columns = DerivedSourceColumns(bound.Columns, columnNames, alias, position);
        if (query.Body is CompoundSelect)
        {
            bound = WithRealAffinity(bound);
        }

        // A view's columns keep their base table for GetSchemaTable, but are marked so the provider reports them
        // read-only: a command builder must not aim writes at a table the query never named.
        IReadOnlyList<ResultColumnInfo> derivedColumns = view ? ThroughView(bound.Columns) : bound.Columns;
        return new FromItem(new SourceBinding(alias, bound.Slot, columns, null) { DerivedColumns = derivedColumns }) { Derived = bound };
    }

    // A derived table's REAL columns read integers as reals. Only a compound's other arms (or a recursive expression's
    // recursive SELECTs) can give any: a single SELECT's REAL column already holds reals.
    private static BoundQuery WithRealAffinity(BoundQuery bound)
    {
        List<int>? real = null;
        for (int i = 0; i < bound.Columns.Count; i++)
        {
            if (bound.Columns[i].Affinity == Affinity.Real)
            {
                (real ??= []).Add(i);
            }
        }

        return real is null ? bound : bound with { Root = new RealAffinityOperator(bound.Root, bound.Slot, [.. real]) };
    }

    // The columns a derived table shows: the query's result columns, renamed by the column list when there is one.
    private static SourceColumn[] DerivedSourceColumns(IReadOnlyList<ResultColumnInfo> result, IReadOnlyList<string> columnNames, string alias, SourcePosition position)
    {
        if (columnNames.Count > 0 && columnNames.Count != result.Count)
        {
            throw SqlErrors.At(
                SharpCoreDBErrorCode.Unsupported,
                $"expected {columnNames.Count} columns for {alias} but got {result.Count}",
                position);
        }

        var columns = new SourceColumn[result.Count];
        for (int i = 0; i < columns.Length; i++)
        {
            ResultColumnInfo info = result[i];
            // A derived column compares with its expression's collation, BINARY when it has none (SQLite's rule).
            columns[i] = new SourceColumn(columnNames.Count > 0 ? columnNames[i] : info.Name, i, info.Affinity, info.DeclaredType, info.DeclaredTypeName)
            {
                Collation = info.Collation ?? Records.Collation.Binary,
            };
        }

        return columns;
    }

    private static void AddConjuncts(Expr expression, List<Expr> target)
    {
        if (expression is LogicalExpr { IsAnd: true } and)
        {
            AddConjuncts(and.Left, target);
            AddConjuncts(and.Right, target);
            return;
        }

        target.Add(expression);
    }

    private static ResultColumnInfo[] ThroughView(IReadOnlyList<ResultColumnInfo> columns)
    {
        var marked = new ResultColumnInfo[columns.Count];
        for (int i = 0; i < marked.Length; i++)
        {
            ResultColumnInfo column = columns[i];
            marked[i] = column.Base is { } source ? column with { Base = source with { ThroughView = true } } : column;
        }

        return marked;
    }
}
