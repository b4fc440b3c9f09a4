using System.Collections.Immutable;
using System.Globalization;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql.Ast;
using SortKey = SharpCoreDB.Execution.Operators.SortKey;

namespace SharpCoreDB.Binding;

/// <content>Binding VALUES and compound SELECTs (UNION [ALL], INTERSECT, EXCEPT) with their ORDER BY and LIMIT.</content>
internal sealed partial class Binder
{
    private BoundQuery BindValues(ValuesClause values, Scope scope)
    {
        int width = values.Rows[0].Length;
        var rows = new List<IReadOnlyList<Expr>>(values.Rows.Length);
        foreach (ImmutableArray<Expression> row in values.Rows)
        {
            if (row.Length != width)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "all VALUES must have the same number of terms", values.Position);
            }

            rows.Add(BindAll(row, scope));
        }

        int slot = NewSlot(width);
        var columns = new List<ResultColumnInfo>(width);
        for (int i = 0; i < width; i++)
        {
            Expr first = rows[0][i];
            columns.Add(new ResultColumnInfo("column" + (i + 1).ToString(CultureInfo.InvariantCulture), first.DeclaredTypeName, first.DeclaredType, first.Affinity));
        }

        return new BoundQuery(new ValuesOperator(rows, slot), slot, columns, scope.OuterSlots);
    }

    private BoundQuery BindCompound(CompoundSelect compound, SelectStatement select, Scope scope)
    {
        var bodies = new List<SelectBody> { compound.First };
        var operators = new List<SetOperation>();
        foreach (CompoundTerm term in compound.Terms)
        {
            bodies.Add(term.Select);
            operators.Add(CompoundSelectOperator.KindOf(term.Operator));
        }

        var arms = new Operator[bodies.Count];
        var armSlots = new int[bodies.Count];
        IReadOnlyList<ResultColumnInfo>? columns = null;
        for (int i = 0; i < bodies.Count; i++)
        {
            BoundQuery arm = BindArm(bodies[i], scope);
            if (columns is not null && arm.Columns.Count != columns.Count)
            {
                throw SqlErrors.At(
                    SharpCoreDBErrorCode.Unsupported,
                    "SELECTs to the left and right of a compound operator do not have the same number of result columns",
                    bodies[i].Position);
            }

            columns ??= arm.Columns;
            arms[i] = arm.Root;
            armSlots[i] = arm.Slot;
        }

        int slot = NewSlot(columns!.Count);
        var root = new CompoundSelectOperator(arms, armSlots, [.. operators], slot, columns.Count);
        return FinishSetQuery(root, slot, columns, select, scope, compound.First as SelectCore);
    }

    private BoundQuery BindArm(SelectBody body, Scope scope) => body switch
    {
        SelectCore core => BindCoreArm(core, scope),
        ValuesClause values => BindValues(values, scope),
        CompoundSelect nested => BindCompound(nested, new SelectStatement(nested.Position, nested, [], null, null), scope),
        _ => throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "unsupported compound SELECT arm", body.Position),
    };

    private BoundQuery BindCoreArm(SelectCore core, Scope parent)
    {
        // Each arm has its own FROM: a fresh scope under the compound's parent.
        var scope = new Scope(parent.Parent);
        SelectBlock block = BindCore(core, scope, []);
        Operator root = SelectPlanner.Plan(block);
        foreach (int slot in scope.OuterSlots)
        {
            parent.OuterSlots.Add(slot);
        }

        return new BoundQuery(root, block.ProjectSlot, ResultColumns(core, block, scope), scope.OuterSlots);
    }

    // ORDER BY and LIMIT of a compound SELECT or VALUES: terms name result columns by number, alias or name.
    private BoundQuery FinishSetQuery(Operator root, int slot, IReadOnlyList<ResultColumnInfo> columns, SelectStatement select, Scope scope, SelectCore? first = null)
    {
        if (!select.OrderBy.IsDefaultOrEmpty)
        {
            var keys = new List<SortKey>(select.OrderBy.Length);
            for (int i = 0; i < select.OrderBy.Length; i++)
            {
                OrderingTerm term = select.OrderBy[i];
                int column = ResolveSetOrderTerm(term.Expression, columns, first);
                if (column < 0)
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.UnknownColumn,
                        $"{Ordinal(i + 1)} ORDER BY term does not match any column in the result set",
                        term.Position);
                }

                keys.Add(SortKeyOf(term, column));
            }

            root = new SortOperator(root, slot, keys);
        }

        var block = new SelectBlock { ChangedTables = _changedTables };
        BindLimit(select, block);
        if (block.Limit is not null || block.Offset is not null)
        {
            root = new LimitOperator(root, block.Limit, block.Offset);
        }

        return new BoundQuery(root, slot, columns, scope.OuterSlots);
    }

    private static int ResolveSetOrderTerm(Expression expression, IReadOnlyList<ResultColumnInfo> columns, SelectCore? first)
    {
        while (expression is CollateExpression collate)
        {
            expression = collate.Operand;
        }

        if (expression is IntegerLiteral number)
        {
            return number.Value >= 1 && number.Value <= columns.Count ? (int)number.Value - 1 : -1;
        }

        if (expression is ColumnReference reference)
        {
            for (int i = 0; i < columns.Count; i++)
            {
                if (string.Equals(columns[i].Name, reference.Column, StringComparison.OrdinalIgnoreCase))
                {
                    return i;
                }
            }
        }

        if (first is not null)
        {
            string text = expression.ToString();
            for (int i = 0; i < first.Columns.Length && i < columns.Count; i++)
            {
                if (first.Columns[i] is ExpressionResultColumn e && string.Equals(e.Expression.ToString(), text, StringComparison.OrdinalIgnoreCase))
                {
                    return i;
                }
            }
        }

        return -1;
    }
}
