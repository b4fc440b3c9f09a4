using System.Collections.Immutable;
using System.Globalization;
using SortKey = SharpCoreDB.Execution.Operators.SortKey;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>Binding SELECT: result columns, aggregation, ORDER BY, LIMIT and compound SELECTs.</content>
internal sealed partial class Binder
{
    // How many queries deep the binder is (BindQuery levels): a recursive table may only be named at its recursive
    // SELECT's own level (RecursiveBinding).
    private int _queryDepth;

    // A SELECT is not planned here: its bound tree, with the subqueries inside its expressions, goes to the plan pass.
    private BoundStatement BindSelectStatement(SelectStatement select)
    {
        BoundQuery query = BindQuery(select, null);
        return BoundStatement.OfQuery(query, _schema, SlotWidths, _subqueries, _definitions);
    }

    /// <summary>Binds a SELECT in an enclosing scope (null at top level); its subqueries are collected for the plan pass.</summary>
    private BoundQuery BindQuery(SelectStatement select, Scope? parent)
    {
        // How deep in queries the binder is: a recursive table may only be named at its recursive SELECT's own level.
        if (_queryDepth >= SqlLimits.MaxQueryDepth)
        {
            throw SqlErrors.At(
                SharpCoreDBErrorCode.TooComplex,
                $"queries are nested too deeply (more than {SqlLimits.Text(SqlLimits.MaxQueryDepth)} levels of subqueries, views and common table expressions)",
                select.Position);
        }

        _queryDepth++;
        Nest();
        try
        {
            return BindQueryAtDepth(select, parent);
        }
        finally
        {
            _nesting--;
            _queryDepth--;
        }
    }

    private BoundQuery BindQueryAtDepth(SelectStatement select, Scope? parent)
    {
        if (select.With.Length > 0)
        {
            return InWithScope(select, () => BindQueryAtDepth(select with { With = [] }, parent));
        }

        var scope = new Scope(parent);
        switch (select.Body)
        {
            case SelectCore core:
                {
                    SelectBlock block = BindCore(core, scope, select.OrderBy);
                    BindLimit(select, block);
                    return new BoundQuery(block, block.ProjectSlot, ResultColumns(core, block, scope), scope.OuterSlots);
                }

            case CompoundSelect compound:
                return BindCompound(compound, select, scope);
            case ValuesClause values:
                {
                    BoundQuery arm = BindValues(values, scope);
                    return FinishSetQuery(arm, select, scope);
                }

            default:
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "unsupported SELECT form", select.Position);
        }
    }

    private SelectBlock BindCore(SelectCore core, Scope scope, ImmutableArray<OrderingTerm> orderBy)
    {
        var block = new SelectBlock { Distinct = core.Distinct, Scope = scope, ChangedTables = _changedTables };
        if (core.From is not null)
        {
            BindFrom(core.From, scope, block);
        }

        if (core.Where is not null)
        {
            AddConjuncts(BindExpr(core.Where, scope), block.Where);
        }

        bool grouped = !core.GroupBy.IsDefaultOrEmpty || core.Having is not null;
        bool aggregate = grouped || ContainsAggregate(orderBy, core.Columns);
        while (true)
        {
            try
            {
                BindResults(core, scope, block, orderBy, aggregate);
            }
            catch (OuterAggregateFound found) when (found.Owner == scope && !aggregate)
            {
                // An aggregate in a subquery reads only this query's columns: it is this query's (as in SQLite),
                // so this query aggregates after all.
                aggregate = true;
                ResetResults(scope, block);
                continue;
            }

            if (aggregate && !grouped && scope.MovedAggregates > 0 && block.Aggregation!.Aggregates.Count == 0)
            {
                // Every aggregate written here belongs to an enclosing query: this one does not aggregate.
                aggregate = false;
                ResetResults(scope, block);
                continue;
            }

            break;
        }

        block.ProjectSlot = NewSlot(block.Projection.Count);
        if (block.Aggregation is { } aggregation)
        {
            SetSlotWidth(aggregation.AggregateSlot, aggregation.Aggregates.Count);
            SetSlotWidth(aggregation.CaptureSlot, aggregation.Captures.Count);
        }

        if (block.Windows is { } windows)
        {
            SetSlotWidth(windows.Slot, windows.Calls.Count);
        }

        scope.Aggregation = null;
        foreach (int slot in scope.OuterSlots)
        {
            block.OuterSlots.Add(slot);
        }

        return block;
    }

    // Everything of a SELECT core bound after WHERE: GROUP BY, the aggregation, windows, result columns, HAVING and
    // ORDER BY. Bound again (after ResetResults) when it turns out whether the query aggregates.
    private void BindResults(SelectCore core, Scope scope, SelectBlock block, ImmutableArray<OrderingTerm> orderBy, bool aggregate)
    {
        if (aggregate)
        {
            if (!core.GroupBy.IsDefaultOrEmpty)
            {
                foreach (Expression term in core.GroupBy)
                {
                    block.GroupBy.Add(BindGroupTerm(term, core, scope));
                }
            }

            scope.Aggregation = new AggregateBinding(NewSlot(0), NewSlot(0));
            block.Aggregation = scope.Aggregation;
        }

        // Window functions are computed after HAVING, so only the result columns and ORDER BY may call them.
        if (WindowBinder.ContainsWindow(orderBy, core.Columns))
        {
            block.Windows = new WindowBinding(NewSlot(0), core.Windows);
        }

        scope.BindingResults = true;
        try
        {
            scope.Windows = block.Windows;
            ExpandResultColumns(core, scope, block);
            scope.Windows = null;
            if (core.Having is not null)
            {
                block.Having = BindExpr(core.Having, scope);
            }

            if (!orderBy.IsDefaultOrEmpty)
            {
                scope.Windows = block.Windows;
                BindOrderBy(orderBy, core, scope, block);
                scope.Windows = null;
            }
        }
        finally
        {
            scope.BindingResults = false;
        }
    }

    private static void ResetResults(Scope scope, SelectBlock block)
    {
        scope.Aggregation = null;
        scope.Windows = null;
        scope.MovedAggregates = 0;
        block.GroupBy.Clear();
        block.Aggregation = null;
        block.Windows = null;
        block.Projection.Clear();
        block.Visible = 0;
        block.Having = null;
        block.OrderBy.Clear();
    }

    private bool ContainsAggregate(ImmutableArray<OrderingTerm> orderBy, ImmutableArray<ResultColumn> columns)
    {
        foreach (ResultColumn column in columns)
        {
            if (column is ExpressionResultColumn e && ContainsAggregate(e.Expression))
            {
                return true;
            }
        }

        if (!orderBy.IsDefaultOrEmpty)
        {
            foreach (OrderingTerm term in orderBy)
            {
                if (ContainsAggregate(term.Expression))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// Whether an ORDER BY or GROUP BY term is a result-column number, and which (SQLite's <c>sqlite3ExprIsInteger</c>
    /// on the parsed term): an integer literal that fits in 32 bits, under any number of unary + and -, or an AND one
    /// side of which is such a number equal to 0 (SQLite's parser turns that AND into the literal 0). A larger
    /// literal is a constant expression, not a column number.
    /// </summary>
    /// <param name="term">The term, without COLLATE.</param>
    /// <param name="value">The number.</param>
    /// <returns>Whether the term is a number.</returns>
    internal static bool IsTermNumber(Expression term, out long value)
    {
        switch (term)
        {
            case IntegerLiteral { Value: <= int.MaxValue } literal:
                value = literal.Value;
                return true;
            case UnaryExpression { Operator: UnaryOperator.Plus } plus:
                return IsTermNumber(plus.Operand, out value);
            case UnaryExpression { Operator: UnaryOperator.Negate } minus when IsTermNumber(minus.Operand, out long negated):
                value = -negated;
                return true;
            case BinaryExpression { Operator: BinaryOperator.And } conjunction
                when (IsTermNumber(conjunction.Left, out long left) && left == 0) || (IsTermNumber(conjunction.Right, out long right) && right == 0):
                value = 0;
                return true;
            default:
                value = 0;
                return false;
        }
    }

    // GROUP BY terms may name a result column by number or alias, as in SQLite.
    private Expr BindGroupTerm(Expression term, SelectCore core, Scope scope)
    {
        if (IsTermNumber(term, out long number))
        {
            int index = (int)Math.Clamp(number, 0, int.MaxValue);
            if (index < 1 || index > core.Columns.Length || core.Columns[index - 1] is not ExpressionResultColumn column)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"GROUP BY term out of range - should be between 1 and {core.Columns.Length}", term.Position);
            }

            return BindGroupExpression(column.Expression, scope, term.Position);
        }

        if (term is ColumnReference { Table: null } reference && !ResolvesInScope(reference, scope))
        {
            foreach (ResultColumn column in core.Columns)
            {
                if (column is ExpressionResultColumn { Alias: { } alias } e && string.Equals(alias, reference.Column, StringComparison.OrdinalIgnoreCase))
                {
                    return BindGroupExpression(e.Expression, scope, term.Position);
                }
            }
        }

        return BindGroupExpression(term, scope, term.Position);
    }

    private Expr BindGroupExpression(Expression expression, Scope scope, SourcePosition position)
    {
        if (ContainsAggregate(expression))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in the GROUP BY clause", position);
        }

        return BindExpr(expression, scope);
    }

    private static bool ResolvesInScope(ColumnReference reference, Scope scope)
    {
        foreach (SourceBinding source in scope.Sources)
        {
            if (source.Find(reference.Column) is not null)
            {
                return true;
            }
        }

        return false;
    }

    private void ExpandResultColumns(SelectCore core, Scope scope, SelectBlock block)
    {
        foreach (ResultColumn column in core.Columns)
        {
            switch (column)
            {
                case StarResultColumn star:
                    ExpandStar(star, scope, block);
                    break;
                case ExpressionResultColumn e:
                    block.Projection.Add(BindExpr(e.Expression, scope));
                    break;
            }
        }

        block.Visible = block.Projection.Count;
    }

    private static void ExpandStar(StarResultColumn star, Scope scope, SelectBlock block)
    {
        if (scope.Sources.Count == 0)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, "no tables specified", star.Position);
        }

        bool matched = false;
        bool rightJoin = false;
        foreach (FromItem item in block.From)
        {
            rightJoin |= item.PreservesRight || item.Unit is not null;
        }

        foreach (SourceBinding source in scope.Sources)
        {
            if (star.Table is not null && !string.Equals(source.Name, star.Table, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            matched = true;
            foreach (SourceColumn column in source.Columns)
            {
                if (column.Hidden || (star.Table is null && source.MergedColumns.Contains(column.Name)))
                {
                    continue;
                }

                // With a RIGHT or FULL join in the FROM, SQLite expands a column merged by USING as its unqualified
                // name (the coalesce of the sides), which is ambiguous when another table has the column unmerged.
                if (source.InJoinUnit && source.CoalescedWith(column.Name) is not null)
                {
                    // Inside a join unit (a subquery in SQLite) the merged column is the unit's own, never ambiguous
                    // with a table outside it.
                    block.Projection.Add(MergedColumnExpr(source, column, column.Name));
                    continue;
                }

                string? qualifier = rightJoin && source.CoalescedWith(column.Name) is not null ? null : source.Name;
                block.Projection.Add(ResolveColumn(new ColumnReference(star.Position, null, qualifier, column.Name), scope));
            }
        }

        if (!matched)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"no such table: {star.Table}", star.Position);
        }
    }

    private void BindOrderBy(ImmutableArray<OrderingTerm> orderBy, SelectCore core, Scope scope, SelectBlock block)
    {
        for (int i = 0; i < orderBy.Length; i++)
        {
            OrderingTerm term = orderBy[i];
            Expression expression = term.Expression;

            // An explicit COLLATE on the term wins; otherwise the term sorts by its expression's collation.
            Collation? explicitCollation = null;
            while (expression is CollateExpression collate)
            {
                Collation named = ResolveCollation(collate.Collation, collate.Position);
                explicitCollation ??= named;
                expression = collate.Operand;
            }

            int column = -1;
            if (IsTermNumber(expression, out long number))
            {
                if (number < 1 || number > block.Visible)
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.UnknownColumn,
                        $"{Ordinal(i + 1)} ORDER BY term out of range - should be between 1 and {block.Visible}",
                        term.Position);
                }

                column = (int)number - 1;
            }
            else if (expression is ColumnReference { Table: null } reference)
            {
                column = FindAlias(core, reference.Column);
            }

            if (column < 0)
            {
                block.Projection.Add(BindExpr(expression, scope));
                column = block.Projection.Count - 1;
            }

            block.OrderBy.Add(SortKeyOf(term, column, explicitCollation ?? block.Projection[column].Collation));
        }
    }

    private static int FindAlias(SelectCore core, string name)
    {
        int index = 0;
        foreach (ResultColumn column in core.Columns)
        {
            if (column is StarResultColumn)
            {
                // Positions after a * are not known from the AST; aliases before it still resolve.
                return -1;
            }

            if (column is ExpressionResultColumn { Alias: { } alias } && string.Equals(alias, name, StringComparison.OrdinalIgnoreCase))
            {
                return index;
            }

            index++;
        }

        return -1;
    }

    /// <summary>The sort key of an ORDER BY term over a projected column, with SQLite's default NULL order.</summary>
    /// <param name="term">The term.</param>
    /// <param name="column">The projected column it sorts by.</param>
    /// <param name="collation">Its collation, or null for BINARY.</param>
    /// <returns>The key.</returns>
    internal static SortKey SortKeyOf(OrderingTerm term, int column, Collation? collation = null)
    {
        bool descending = term.Order == SortOrder.Descending;
        bool nullsFirst = term.Nulls switch
        {
            NullsOrder.First => true,
            NullsOrder.Last => false,
            _ => !descending,
        };
        return new SortKey(column, descending, nullsFirst, CollationRules.NonBinary(collation));
    }

    private static string Ordinal(int n) => n switch
    {
        1 => "1st",
        2 => "2nd",
        3 => "3rd",
        _ => n.ToString(CultureInfo.InvariantCulture) + "th",
    };

    private void BindLimit(SelectStatement select, SelectBlock block) => (block.Limit, block.Offset) = BindLimits(select);

    // LIMIT and OFFSET are constants of the statement (parameters allowed), evaluated once per execution.
    private (Expr? Limit, Expr? Offset) BindLimits(SelectStatement select)
    {
        var empty = new Scope(_root);
        return (select.Limit is null ? null : BindExpr(select.Limit, empty), select.Offset is null ? null : BindExpr(select.Offset, empty));
    }

    private static List<ResultColumnInfo> ResultColumns(SelectCore core, SelectBlock block, Scope scope)
    {
        var columns = new List<ResultColumnInfo>(block.Visible);
        int index = 0;
        foreach (ResultColumn column in core.Columns)
        {
            if (column is ExpressionResultColumn e)
            {
                Expr bound = block.Projection[index++];
                string name = e.Alias ?? (UnwrapColumn(e.Expression) is ColumnReference reference ? reference.Column : e.SourceText);
                columns.Add(new ResultColumnInfo(name, bound.DeclaredTypeName, bound.DeclaredType, bound.Affinity, BaseOf(bound, block, scope), DataTypesOf(bound), e.Expression is CastExpression)
                {
                    Collation = bound.Collation,
                    HasExplicitCollation = bound.HasExplicitCollation,
                });
                continue;
            }

            // A star expanded to plain column references: their names are the column names.
            var star = (StarResultColumn)column;
            foreach (SourceBinding source in scope.Sources)
            {
                if (star.Table is not null && !string.Equals(source.Name, star.Table, StringComparison.OrdinalIgnoreCase))
                {
                    continue;
                }

                foreach (SourceColumn sourceColumn in source.Columns)
                {
                    if (sourceColumn.Hidden || (star.Table is null && source.MergedColumns.Contains(sourceColumn.Name)))
                    {
                        continue;
                    }

                    Expr bound = block.Projection[index++];
                    columns.Add(new ResultColumnInfo(sourceColumn.Name, bound.DeclaredTypeName, bound.DeclaredType, bound.Affinity, BaseOf(bound, block, scope), DataTypesOf(bound)) { Collation = bound.Collation });
                }
            }
        }

        return columns;
    }

    // The table column behind a result column that reads one unchanged (through aggregation captures and
    // derived tables); null for anything computed.
    private static BaseColumnInfo? BaseOf(Expr expression, SelectBlock block, Scope scope)
    {
        if (expression is not ColumnExpr column)
        {
            return null;
        }

        if (block.Aggregation is { } aggregation && column.Slot == aggregation.CaptureSlot)
        {
            column = aggregation.Captures[column.Column];
        }

        foreach (SourceBinding source in scope.Sources)
        {
            if (source.Slot != column.Slot)
            {
                continue;
            }

            if (source.DerivedColumns is { } derived)
            {
                return column.Column < derived.Count ? derived[column.Column].Base : null;
            }

            if (source.Table is not { } table)
            {
                // A table-valued function's columns are computed.
                return null;
            }

            if (column.Column == table.RowIdSlot)
            {
                return new BaseColumnInfo(table.Name, "rowid", NotNull: true, IsKey: true, IsUnique: true);
            }

            ColumnSchema definition = table.Columns[column.Column];
            bool key = definition.IsRowIdAlias;
            bool unique = definition.IsRowIdAlias;
            foreach (IndexSchema index in table.Indexes)
            {
                bool member = false;
                foreach (IndexColumn indexColumn in index.Columns)
                {
                    member |= indexColumn.Ordinal == definition.Ordinal;
                }

                key |= member && index.Origin == IndexOrigin.PrimaryKey;
                unique |= member && index.IsUnique && index.Where is null && index.Columns.Length == 1;
            }

            return new BaseColumnInfo(table.Name, definition.Name, definition.NotNull, key, unique, table.AutoIncrement && definition.IsRowIdAlias);
        }

        return null;
    }

    private static Expression UnwrapColumn(Expression expression) =>
        expression is CollateExpression collate ? UnwrapColumn(collate.Operand) : expression;
}
