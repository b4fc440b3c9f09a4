using System.Collections.Immutable;
using System.Globalization;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;
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
            columns.Add(new ResultColumnInfo("column" + (i + 1).ToString(CultureInfo.InvariantCulture), first.DeclaredTypeName, first.DeclaredType, first.Affinity, DataTypes: DataTypesOf(first))
            {
                Collation = first.Collation,
                HasExplicitCollation = first.HasExplicitCollation,
            });
        }

        return new BoundQuery(new BoundValues(rows, slot), slot, columns, scope.OuterSlots);
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

        var arms = new BoundQuery[bodies.Count];
        var armColumns = new IReadOnlyList<ResultColumnInfo>[bodies.Count];
        for (int i = 0; i < bodies.Count; i++)
        {
            BoundQuery arm = BindArm(bodies[i], scope);
            if (i > 0 && arm.Columns.Count != armColumns[0].Count)
            {
                throw SqlErrors.At(
                    SharpCoreDBErrorCode.Unsupported,
                    "SELECTs to the left and right of a compound operator do not have the same number of result columns",
                    bodies[i].Position);
            }

            armColumns[i] = arm.Columns;
            arms[i] = arm;
        }

        ResultColumnInfo[] columns = CompoundColumns(armColumns);
        int slot = NewSlot(columns.Length);
        var root = new BoundCompound(arms, operators, slot, columns.Length, CollationsOf(columns));
        return FinishSetQuery(new BoundQuery(root, slot, columns, scope.OuterSlots), select, scope, compound.First as SelectCore);
    }

    // A compound's result columns are the leftmost arm's, with SQLite's affinity: the leftmost arm's, or the first arm
    // to the right that has one; then none (BLOB) when another arm can give text under a numeric affinity, or a
    // number under TEXT. What a derived table built on it compares with and reads (REAL turns integers into reals)
    // follows from that.
    private static ResultColumnInfo[] CompoundColumns(IReadOnlyList<ResultColumnInfo>[] arms)
    {
        var columns = new ResultColumnInfo[arms[0].Count];
        for (int i = 0; i < columns.Length; i++)
        {
            // As SQLite's sqlite3SubqueryColumnTypes: the kinds of value come from every arm but the one that gave
            // the affinity.
            int arm = 0;
            int types = 0;
            Affinity affinity = arms[0][i].Affinity;
            while (affinity == Affinity.None && arm + 1 < arms.Length)
            {
                types |= arms[arm][i].DataTypes;
                affinity = arms[++arm][i].Affinity;
            }

            for (int right = arm + 1; right < arms.Length; right++)
            {
                types |= arms[right][i].DataTypes;
            }

            if ((affinity == Affinity.Text && (types & 1) != 0) || (affinity >= Affinity.Numeric && (types & 2) != 0))
            {
                affinity = Affinity.Blob;
            }

            // A CAST in the leftmost arm makes a numeric affinity flexible (SQLite's FLEXNUM): it compares as NUMERIC
            // but never turns another arm's integer into a real, as REAL would.
            if (affinity >= Affinity.Numeric && arms[0][i].IsCast)
            {
                affinity = Affinity.Numeric;
            }

            // SQLite's multiSelectCollSeq: the leftmost arm whose column has a collation gives it.
            Records.Collation? collation = null;
            for (int a = 0; a < arms.Length && collation is null; a++)
            {
                collation = arms[a][i].Collation;
            }

            columns[i] = arms[0][i] with { Affinity = affinity, Collation = collation };
        }

        return columns;
    }

    // The non-BINARY collations of result columns, for the row comparisons of DISTINCT, UNION, INTERSECT and
    // EXCEPT; null when every column compares as BINARY.
    private static Records.Collation?[]? CollationsOf(ResultColumnInfo[] columns)
    {
        Records.Collation?[]? collations = null;
        for (int i = 0; i < columns.Length; i++)
        {
            if (CollationRules.NonBinary(columns[i].Collation) is { } collation)
            {
                collations ??= new Records.Collation?[columns.Length];
                collations[i] = collation;
            }
        }

        return collations;
    }

    // SQLite's guess at what kinds of value an expression gives (sqlite3ExprDataType): 1 numeric, 2 text, 4 blob.
    private static int DataTypesOf(Expr expression) => expression switch
    {
        LiteralExpr literal => literal.Value.StorageClass switch
        {
            Records.SqlStorageClass.Null => 0,
            Records.SqlStorageClass.Text => 2,
            Records.SqlStorageClass.Blob => 4,
            _ => 1,
        },
        ColumnExpr or CastExpr or SubqueryExpr => expression.Affinity >= Affinity.Numeric ? 5 : expression.Affinity == Affinity.Text ? 6 : 7,
        ArithmeticExpr { Operator: BinaryOperator.Concat } => 6,
        FunctionExpr or ParameterExpr or CaseExpr or CoalesceExpr => 7,
        _ => 1,
    };

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
        foreach (int slot in scope.OuterSlots)
        {
            parent.OuterSlots.Add(slot);
        }

        return new BoundQuery(block, block.ProjectSlot, ResultColumns(core, block, scope), scope.OuterSlots);
    }

    // ORDER BY and LIMIT of a compound SELECT or VALUES: terms name result columns by number, alias or name.
    private BoundQuery FinishSetQuery(BoundQuery rows, SelectStatement select, Scope scope, SelectCore? first = null)
    {
        IReadOnlyList<ResultColumnInfo> columns = rows.Columns;
        var keys = new List<SortKey>(select.OrderBy.IsDefaultOrEmpty ? 0 : select.OrderBy.Length);
        if (!select.OrderBy.IsDefaultOrEmpty)
        {
            for (int i = 0; i < select.OrderBy.Length; i++)
            {
                OrderingTerm term = select.OrderBy[i];
                int column = ResolveSetOrderTerm(term.Expression, columns, first);
                if (column < 0 && IsTermNumber(term.Expression, out _))
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.UnknownColumn,
                        $"{Ordinal(i + 1)} ORDER BY term out of range - should be between 1 and {columns.Count}",
                        term.Position);
                }

                if (column < 0)
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.UnknownColumn,
                        $"{Ordinal(i + 1)} ORDER BY term does not match any column in the result set",
                        term.Position);
                }

                keys.Add(SortKeyOf(term, column, TermCollation(term.Expression) ?? columns[column].Collation));
            }
        }

        var block = new SelectBlock { ChangedTables = _changedTables };
        BindLimit(select, block);
        var root = new BoundSetQuery(rows, keys, block.Limit, block.Offset);
        return new BoundQuery(root, rows.Slot, columns, scope.OuterSlots);
    }

    private static int ResolveSetOrderTerm(Expression expression, IReadOnlyList<ResultColumnInfo> columns, SelectCore? first)
    {
        while (expression is CollateExpression collate)
        {
            expression = collate.Operand;
        }

        if (IsTermNumber(expression, out long number))
        {
            return number >= 1 && number <= columns.Count ? (int)number - 1 : -1;
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
