using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>Binding FROM: tables, views, subqueries and joins.</content>
internal sealed partial class Binder
{
    private void BindFrom(FromClause from, Scope scope, SelectBlock block)
    {
        // With a RIGHT or FULL join anywhere in the FROM, SQLite refuses a USING column that more than one table on
        // its left has unmerged (the NULL-extended sides would make it ambiguous).
        bool saved = _rightJoinInFrom;
        int savedStart = _joinStart;
        _rightJoinInFrom = HasRightJoin(from);
        _joinStart = 0;
        try
        {
            BindJoins(from, scope, block, true);
        }
        finally
        {
            _rightJoinInFrom = saved;
            _joinStart = savedStart;
        }
    }

    private static bool HasRightJoin(FromClause from)
    {
        if (from.First is NestedJoinSource first && HasRightJoin(first.Join))
        {
            return true;
        }

        foreach (JoinClause join in from.Joins)
        {
            if (join.Kind is JoinKind.Right or JoinKind.Full || join.Table is NestedJoinSource nested && HasRightJoin(nested.Join))
            {
                return true;
            }
        }

        return false;
    }

    // atStart: the clause's items begin the SELECT's FROM. A RIGHT or FULL join NULL-extends every item before it,
    // which is right only when those items are exactly its left operand: a parenthesized join later in the FROM that
    // holds one is bound as a unit of its own (BindJoinUnit) instead of being flattened.
    private void BindJoins(FromClause from, Scope scope, SelectBlock block, bool atStart)
    {
        BindJoinSource(from.First, JoinKind.Comma, null, default, scope, block, atStart);
        foreach (JoinClause join in from.Joins)
        {
            BindJoinSource(join.Table, join.Kind, join, join.Position, scope, block, false);
        }
    }

    /// <summary>
    /// Binds a join that holds a RIGHT or FULL join as one FROM item (<see cref="FromItem.Unit"/>), joined as a whole
    /// with the items before it, as SQLite does with a parenthesized join and with the FROM of an UPDATE. Its tables'
    /// names are visible to the rest of the statement; its ON clauses see only its own tables (and enclosing
    /// queries), as in SQLite, where it is a subquery.
    /// </summary>
    private void BindJoinUnit(FromClause join, Scope scope, SelectBlock block)
    {
        var unit = new SelectBlock { Scope = scope, ChangedTables = block.ChangedTables, JoinUnit = true };
        int outside = scope.Sources.Count;
        int savedStart = _joinStart;
        _joinStart = outside;
        try
        {
            BindJoins(join, scope, unit, true);
        }
        finally
        {
            _joinStart = savedStart;
        }

        for (int i = outside; i < scope.Sources.Count; i++)
        {
            scope.Sources[i].InJoinUnit = true;
        }

        var slots = new List<int>();
        foreach (FromItem item in unit.From)
        {
            slots.AddRange(item.Slots);
        }

        if (block.From.Count + slots.Count > SqlLimits.MaxJoinTables)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.TooComplex, $"at most {SqlLimits.Text(SqlLimits.MaxJoinTables)} tables in a join", join.Position);
        }

        bool correlated = false;
        foreach (FromItem item in unit.From)
        {
            correlated |= item.UnitCorrelated || item.Derived?.OuterSlots.Count > 0
                || ReadsOutside(item.On, scope, outside, slots, join.Position) || ReadsOutside(item.Filters, scope, outside, slots, join.Position);
        }

        block.From.Add(new FromItem(new SourceBinding("(join)", NewSlot(0), [], null))
        {
            Unit = unit,
            UnitCorrelated = correlated,
            Slots = [.. slots],
        });
    }

    // Whether the ON conjuncts of a join unit read slots outside it: an enclosing query's (then the unit is
    // correlated), or an earlier item of the same FROM, which SQLite does not let a parenthesized join see.
    private static bool ReadsOutside(List<Expr> conjuncts, Scope scope, int outside, List<int> unitSlots, SourcePosition position)
    {
        bool correlated = false;
        var read = new HashSet<int>();
        foreach (Expr conjunct in conjuncts)
        {
            read.Clear();
            conjunct.CollectSlots(read);
            foreach (int slot in read)
            {
                if (unitSlots.Contains(slot))
                {
                    continue;
                }

                for (int i = 0; i < outside; i++)
                {
                    if (scope.Sources[i].Slot == slot)
                    {
                        throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: {ColumnNameIn(conjunct, slot)}", position);
                    }
                }

                correlated = true;
            }
        }

        return correlated;
    }

    // The name of a column of the slot that the expression reads, for an error message.
    private static string ColumnNameIn(Expr expression, int slot)
    {
        if (expression is ColumnExpr column && column.Slot == slot)
        {
            return column.Name;
        }

        foreach (Expr child in expression.Children)
        {
            string name = ColumnNameIn(child, slot);
            if (name.Length > 0)
            {
                return name;
            }
        }

        return string.Empty;
    }

    private static string KindText(JoinKind kind) => kind == JoinKind.Right ? "RIGHT" : "FULL";

    private void BindJoinSource(TableSource table, JoinKind kind, JoinClause? join, SourcePosition position, Scope scope, SelectBlock block, bool atStart)
    {
        if (table is NestedJoinSource nested)
        {
            if (kind is JoinKind.Left or JoinKind.Right or JoinKind.Full)
            {
                string text = kind == JoinKind.Left ? "LEFT" : KindText(kind);
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"{text} JOIN of a parenthesized join is not supported", nested.Position);
            }

            if (join is not null && (join.Natural || !join.Using.IsDefaultOrEmpty))
            {
                // Which of the parenthesized tables' columns USING would merge (SQLite's subquery column, a coalesce
                // under an outer join) is not modelled: refused rather than ignored.
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "USING or NATURAL with a parenthesized join is not supported", join.Position);
            }

            Nest();
            try
            {
                if (!atStart && HasRightJoin(nested.Join))
                {
                    BindJoinUnit(nested.Join, scope, block);
                }
                else
                {
                    BindJoins(nested.Join, scope, block, atStart);
                }
            }
            finally
            {
                _nesting--;
            }

            if (join?.On is not null)
            {
                AddConjuncts(BindExpr(join.On, scope), block.From[^1].Filters);
            }

            return;
        }

        int leftCount = scope.Sources.Count;
        FromItem item = BindTableSource(table, scope);
        item.Kind = kind is JoinKind.Left or JoinKind.Right or JoinKind.Full ? kind : JoinKind.Inner;
        if (item.PreservesRight && item.TableFunction is { } function && ReadsSources(function, scope, leftCount))
        {
            // The right side of a RIGHT or FULL join is read once, apart from the left rows.
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"{KindText(kind)} JOIN of {function.Name}() reading the tables on its left is not supported", table.Position);
        }

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

        List<Expr> target = item.Kind == JoinKind.Inner ? item.Filters : item.On;
        if (join.Natural || !join.Using.IsDefaultOrEmpty)
        {
            if (join.On is not null)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.SyntaxError, "a join cannot have both ON and USING/NATURAL", position);
            }

            foreach (string column in MergedColumns(join, item.Source, scope, _joinStart, leftCount))
            {
                (SourceBinding left, SourceColumn leftColumn) = FindLeftColumn(scope, _joinStart, leftCount, column, position, _rightJoinInFrom);
                SourceColumn rightColumn = item.Source.Find(column)!;
                left.MarkUsed(leftColumn.Index);
                item.Source.MarkUsed(rightColumn.Index);
                item.Source.MergedColumns.Add(column);
                target.Add(new ComparisonExpr(
                    BinaryOperator.Equal,
                    MergedColumnExpr(left, leftColumn, column),
                    ColumnRef(item.Source.Slot, rightColumn.Index, rightColumn, item.Source.Name + "." + column)));
                // The merged column of a RIGHT or FULL join is the right side's value where the left side is
                // NULL-extended: an unqualified reference reads coalesce(left, right), as in SQLite.
                left.AddMerged(column, item.PreservesRight ? (item.Source, rightColumn) : null);
            }
        }

        if (join.On is not null)
        {
            AddConjuncts(BindExpr(join.On, scope), target);
        }
    }

    // The value of a merged column on the left of a join: the first source's column, or the coalesce of it and the
    // right sides of earlier RIGHT or FULL joins that merged it.
    private static Expr MergedColumnExpr(SourceBinding left, SourceColumn column, string name)
    {
        ColumnExpr first = ColumnRef(left.Slot, column.Index, column, left.Name + "." + name);
        if (left.CoalescedWith(name) is not { Count: > 0 } partners)
        {
            return first;
        }

        var arguments = new List<Expr>(partners.Count + 1) { first };
        foreach ((SourceBinding source, SourceColumn partner) in partners)
        {
            arguments.Add(ColumnRef(source.Slot, partner.Index, partner, source.Name + "." + name));
        }

        return new CoalesceExpr("coalesce", arguments);
    }

    private static List<string> MergedColumns(JoinClause join, SourceBinding right, Scope scope, int start, int leftCount)
    {
        var columns = new List<string>();
        if (join.Natural)
        {
            foreach (SourceColumn column in right.Columns)
            {
                for (int i = start; i < leftCount; i++)
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

    private static (SourceBinding Source, SourceColumn Column) FindLeftColumn(Scope scope, int start, int leftCount, string name, SourcePosition position, bool rightJoinInFrom)
    {
        for (int i = start; i < leftCount; i++)
        {
            SourceColumn? column = scope.Sources[i].Find(name);
            if (column is null)
            {
                continue;
            }

            for (int j = i + 1; rightJoinInFrom && j < leftCount; j++)
            {
                if (scope.Sources[j].Find(name) is not null && !scope.Sources[j].MergedColumns.Contains(name))
                {
                    throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"ambiguous reference to {name} in USING()", position);
                }
            }

            return (scope.Sources[i], column);
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
            case TableFunctionSource function:
                return BindTableFunction(function, scope);
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

        return real is null ? bound : bound with { Relation = new BoundRealAffinity(bound, [.. real]) };
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
