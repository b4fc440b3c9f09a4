using System.Collections.Immutable;
using SharpCoreDB.Sql;
using SortKey = SharpCoreDB.Execution.Operators.SortKey;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>Binding window functions: OVER, named windows, frames.</content>
internal sealed partial class Binder
{
    /// <summary>True when a name is a window-only function (ranking and value functions).</summary>
    private static bool IsWindowOnly(string name) => WindowOnlyKind(name) is not null;

    private static WindowFunctionKind? WindowOnlyKind(string name) => name.ToLowerInvariant() switch
    {
        "row_number" => WindowFunctionKind.RowNumber,
        "rank" => WindowFunctionKind.Rank,
        "dense_rank" => WindowFunctionKind.DenseRank,
        "percent_rank" => WindowFunctionKind.PercentRank,
        "cume_dist" => WindowFunctionKind.CumeDist,
        "ntile" => WindowFunctionKind.Ntile,
        "lag" => WindowFunctionKind.Lag,
        "lead" => WindowFunctionKind.Lead,
        "first_value" => WindowFunctionKind.FirstValue,
        "last_value" => WindowFunctionKind.LastValue,
        "nth_value" => WindowFunctionKind.NthValue,
        _ => null,
    };

    private static (int Min, int Max) WindowArity(WindowFunctionKind kind) => kind switch
    {
        WindowFunctionKind.Ntile or WindowFunctionKind.FirstValue or WindowFunctionKind.LastValue => (1, 1),
        WindowFunctionKind.Lag or WindowFunctionKind.Lead => (1, 3),
        WindowFunctionKind.NthValue => (2, 2),
        _ => (0, 0),
    };

    /// <summary>True when the result columns or ORDER BY call a window function outside any subquery.</summary>
    private static bool ContainsWindow(ImmutableArray<OrderingTerm> orderBy, ImmutableArray<ResultColumn> columns)
    {
        bool found = false;
        bool Visit(SyntaxNode node)
        {
            if (found || node is SelectStatement)
            {
                return false;
            }

            found = node is FunctionCallExpression { Over: not null };
            return !found;
        }

        foreach (ResultColumn column in columns)
        {
            SyntaxWalker.Walk(column, Visit);
        }

        foreach (OrderingTerm term in orderBy.IsDefault ? [] : orderBy)
        {
            SyntaxWalker.Walk(term, Visit);
        }

        return found;
    }

    private ColumnExpr BindWindowFunction(FunctionCallExpression call, Scope scope, int count)
    {
        WindowBinding? windows = scope.Windows;
        if (windows is null || windows.InsideWindow || scope.Aggregation is { InsideAggregate: true })
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"misuse of window function {call.Name}()", call.Position);
        }

        string lower = call.Name.ToLowerInvariant();
        WindowFunctionKind kind = WindowKindOf(call, count);
        if (call.Distinct)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "DISTINCT is not supported for window functions", call.Position);
        }

        if (call.Filter is not null && kind != WindowFunctionKind.Aggregate)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "FILTER clause may only be used with aggregate window functions", call.Filter.Position);
        }

        WindowDefinition window = ResolveWindow(call.Over!, windows, 0);
        Expr[] arguments;
        Expr? filter;
        Expr[] partitionBy;
        var orderBy = new WindowOrderTerm[window.OrderBy.IsDefault ? 0 : window.OrderBy.Length];
        windows.InsideWindow = true;
        try
        {
            arguments = call.IsStar ? [] : BindAll(call.Arguments, scope);
            filter = call.Filter is null ? null : BindExpr(call.Filter, scope);
            partitionBy = BindAll(window.PartitionBy, scope);
            for (int i = 0; i < orderBy.Length; i++)
            {
                // The COLLATE stays in the bound term: the window sorts by its collation.
                OrderingTerm term = window.OrderBy[i];
                SortKey key = SortKeyOf(term, 0);
                orderBy[i] = new WindowOrderTerm(BindExpr(term.Expression, scope), key.Descending, key.NullsFirst);
            }
        }
        finally
        {
            windows.InsideWindow = false;
        }

        WindowFrame frame = BindFrame(window.Frame, orderBy.Length);
        string specKey = (window with { BaseName = null, Frame = null, IsReference = false }).ToString();
        bool countStar = kind == WindowFunctionKind.Aggregate && (call.IsStar || count == 0);
        int index = windows.Add(new WindowCall(lower, kind, arguments, filter, countStar, partitionBy, orderBy, frame, specKey));
        return new ColumnExpr(windows.Slot, index, call.ToString(), Affinity.None, SqlDeclaredType.None, string.Empty) { ColumnCollation = null };
    }

    // Which window function a call with OVER is, with SQLite's errors for everything else.
    private WindowFunctionKind WindowKindOf(FunctionCallExpression call, int count)
    {
        // A function registered from C# has no window form (Microsoft.Data.Sqlite registers no xValue/xInverse).
        if (_functions.TryFind(call.Name, call.IsStar ? 0 : count, out UserFunction? user))
        {
            throw SqlErrors.At(
                SharpCoreDBErrorCode.Unsupported,
                user.IsRemoved ? $"no such function: {call.Name}" : $"{call.Name}() may not be used as a window function",
                call.Position);
        }

        if (WindowOnlyKind(call.Name) is { } kind)
        {
            (int min, int max) = WindowArity(kind);
            return !call.IsStar && count >= min && count <= max
                ? kind
                : throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"wrong number of arguments to function {call.Name}()", call.Position);
        }

        bool countRows = call.IsStar || count == 0;
        if (IsAggregate(call.Name, count, call.IsStar) || (countRows && string.Equals(call.Name, "count", StringComparison.OrdinalIgnoreCase)))
        {
            return WindowFunctionKind.Aggregate;
        }

        try
        {
            ScalarFunctions.Resolve(call.Name, count);
        }
        catch (SharpCoreDBException e)
        {
            throw SqlErrors.At(e.ErrorCode, e.Message, call.Position);
        }

        throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"{call.Name}() may not be used as a window function", call.Position);
    }

    // A window naming another is that window, or (in parentheses) that window's PARTITION BY with its own ORDER BY
    // (when the named one has none) and frame; SQLite's messages for what may not be overridden.
    private static WindowDefinition ResolveWindow(WindowDefinition window, WindowBinding windows, int depth)
    {
        if (window.BaseName is not { } name)
        {
            return window;
        }

        NamedWindow named = (depth <= windows.NamedCount ? windows.Find(name) : null)
            ?? throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"no such window: {name}", window.Position);
        WindowDefinition baseWindow = ResolveWindow(named.Definition, windows, depth + 1);
        if (window.IsReference)
        {
            return baseWindow;
        }

        if (window.PartitionBy.Length > 0)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot override PARTITION clause of window: {name}", window.Position);
        }

        if (window.OrderBy.Length > 0 && baseWindow.OrderBy.Length > 0)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot override ORDER BY clause of window: {name}", window.Position);
        }

        if (baseWindow.Frame is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot override frame specification of window: {name}", window.Position);
        }

        return new WindowDefinition(
            window.Position,
            null,
            baseWindow.PartitionBy,
            window.OrderBy.Length > 0 ? window.OrderBy : baseWindow.OrderBy,
            window.Frame,
            IsReference: false);
    }

    private WindowFrame BindFrame(FrameSpec? frame, int orderTerms)
    {
        if (frame is null)
        {
            return WindowFrame.Default;
        }

        bool offsets = frame.Start.Offset is not null || frame.End.Offset is not null;
        if (frame.Unit == FrameUnit.Range && offsets && orderTerms != 1)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression", frame.Position);
        }

        // Offsets are constants of the statement (parameters allowed), evaluated once per execution.
        var empty = new Scope(_root);
        return new WindowFrame(
            frame.Unit,
            frame.Start.Kind,
            frame.Start.Offset is null ? null : BindExpr(frame.Start.Offset, empty),
            frame.End.Kind,
            frame.End.Offset is null ? null : BindExpr(frame.End.Offset, empty),
            frame.Exclude);
    }
}
