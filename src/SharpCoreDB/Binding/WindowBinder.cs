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

/// <summary>
/// Binds window function calls (OVER, named windows of the WINDOW clause, frames) into the window slot of their
/// SELECT (<see cref="WindowBinding"/>), with SQLite's errors for misuse. It binds the calls' arguments, PARTITION BY
/// and ORDER BY through the binder (<see cref="IExpressionBinder"/>); the window state of each SELECT is on its
/// scope (<see cref="Scope.Windows"/>). One per binder, made on the statement's first window call.
/// </summary>
internal sealed class WindowBinder
{
    // The window-only functions (ranking and value functions), compared ordinally ignoring case: no lowered copy of
    // every function name bound.
    private static readonly (string Name, WindowFunctionKind Kind)[] s_windowOnly =
    [
        ("row_number", WindowFunctionKind.RowNumber),
        ("rank", WindowFunctionKind.Rank),
        ("dense_rank", WindowFunctionKind.DenseRank),
        ("percent_rank", WindowFunctionKind.PercentRank),
        ("cume_dist", WindowFunctionKind.CumeDist),
        ("ntile", WindowFunctionKind.Ntile),
        ("lag", WindowFunctionKind.Lag),
        ("lead", WindowFunctionKind.Lead),
        ("first_value", WindowFunctionKind.FirstValue),
        ("last_value", WindowFunctionKind.LastValue),
        ("nth_value", WindowFunctionKind.NthValue),
    ];

    private readonly IExpressionBinder _binder;

    // The functions registered from C#: none has a window form.
    private readonly UserFunctionSet _functions;

    /// <summary>Binds window calls through <paramref name="binder"/>.</summary>
    /// <param name="binder">Binds the calls' arguments and windows.</param>
    /// <param name="functions">The functions registered from C# on the database.</param>
    public WindowBinder(IExpressionBinder binder, UserFunctionSet functions)
    {
        _binder = binder;
        _functions = functions;
    }

    /// <summary>True when a name is a window-only function (ranking and value functions).</summary>
    /// <param name="name">The function name.</param>
    /// <returns>Whether it needs OVER.</returns>
    public static bool IsWindowOnly(string name) => WindowOnlyKind(name) is not null;

    private static WindowFunctionKind? WindowOnlyKind(string name)
    {
        foreach ((string known, WindowFunctionKind kind) in s_windowOnly)
        {
            if (string.Equals(known, name, StringComparison.OrdinalIgnoreCase))
            {
                return kind;
            }
        }

        return null;
    }

    private static (int Min, int Max) WindowArity(WindowFunctionKind kind) => kind switch
    {
        WindowFunctionKind.Ntile or WindowFunctionKind.FirstValue or WindowFunctionKind.LastValue => (1, 1),
        WindowFunctionKind.Lag or WindowFunctionKind.Lead => (1, 3),
        WindowFunctionKind.NthValue => (2, 2),
        _ => (0, 0),
    };

    /// <summary>True when the result columns or ORDER BY call a window function outside any subquery.</summary>
    /// <param name="orderBy">The SELECT's ORDER BY.</param>
    /// <param name="columns">Its result columns.</param>
    /// <returns>Whether the SELECT needs a window slot.</returns>
    public static bool ContainsWindow(ImmutableArray<OrderingTerm> orderBy, ImmutableArray<ResultColumn> columns)
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

    /// <summary>Binds a call with OVER into its SELECT's window slot.</summary>
    /// <param name="call">The call.</param>
    /// <param name="scope">Its scope; <see cref="Scope.Windows"/> is set where window calls are allowed.</param>
    /// <param name="count">Its number of arguments.</param>
    /// <returns>The column of the window slot that holds the call's result.</returns>
    /// <exception cref="SharpCoreDBException">Misuse: where the call is, its arguments, its window or frame.</exception>
    public ColumnExpr Bind(FunctionCallExpression call, Scope scope, int count)
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
            arguments = call.IsStar ? [] : _binder.BindAll(call.Arguments, scope);
            filter = call.Filter is null ? null : _binder.Bind(call.Filter, scope);
            partitionBy = _binder.BindAll(window.PartitionBy, scope);
            for (int i = 0; i < orderBy.Length; i++)
            {
                // The COLLATE stays in the bound term: the window sorts by its collation.
                OrderingTerm term = window.OrderBy[i];
                SortKey key = Binder.SortKeyOf(term, 0);
                orderBy[i] = new WindowOrderTerm(_binder.Bind(term.Expression, scope), key.Descending, key.NullsFirst);
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
        if (_binder.IsAggregate(call.Name, count, call.IsStar) || (countRows && string.Equals(call.Name, "count", StringComparison.OrdinalIgnoreCase)))
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
        var empty = new Scope(_binder.StatementRoot);
        return new WindowFrame(
            frame.Unit,
            frame.Start.Kind,
            frame.Start.Offset is null ? null : _binder.Bind(frame.Start.Offset, empty),
            frame.End.Kind,
            frame.End.Offset is null ? null : _binder.Bind(frame.End.Offset, empty),
            frame.Exclude);
    }
}
