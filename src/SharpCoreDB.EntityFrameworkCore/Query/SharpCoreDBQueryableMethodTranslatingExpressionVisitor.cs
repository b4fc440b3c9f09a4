using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

/// <summary>
/// Translates LINQ operators (Where, OrderBy, GroupBy, Join, …) with EF's relational defaults, and refuses ordering by
/// the types whose stored form does not sort by value: <c>DateTimeOffset</c> (text with different offsets orders by
/// clock time) and <c>ulong</c> (as the SQLite provider refuses them). Decimals and <c>TimeSpan</c> order natively
/// (exact DECIMAL, sortable duration text) where the SQLite provider needs its <c>EF_DECIMAL</c> collation or refuses.
/// Ours rather than the SQLite provider's because that one asks native SQLite for its version as it is created.
/// </summary>
internal sealed partial class SharpCoreDBQueryableMethodTranslatingExpressionVisitor : RelationalQueryableMethodTranslatingExpressionVisitor
{
    private readonly SqlAliasManager _sqlAliasManager;

    public SharpCoreDBQueryableMethodTranslatingExpressionVisitor(
        QueryableMethodTranslatingExpressionVisitorDependencies dependencies,
        RelationalQueryableMethodTranslatingExpressionVisitorDependencies relationalDependencies,
        RelationalQueryCompilationContext queryCompilationContext)
        : base(dependencies, relationalDependencies, queryCompilationContext)
    {
        _sqlAliasManager = queryCompilationContext.SqlAliasManager;
    }

    private SharpCoreDBQueryableMethodTranslatingExpressionVisitor(SharpCoreDBQueryableMethodTranslatingExpressionVisitor parent)
        : base(parent)
    {
        _sqlAliasManager = parent._sqlAliasManager;
    }

    protected override QueryableMethodTranslatingExpressionVisitor CreateSubqueryVisitor() =>
        new SharpCoreDBQueryableMethodTranslatingExpressionVisitor(this);

    protected override ShapedQueryExpression? TranslateOrderBy(ShapedQueryExpression source, LambdaExpression keySelector, bool ascending) =>
        Order(source, keySelector, ascending, thenBy: false);

    protected override ShapedQueryExpression? TranslateThenBy(ShapedQueryExpression source, LambdaExpression keySelector, bool ascending) =>
        Order(source, keySelector, ascending, thenBy: true);

    // OrderBy replaces the ordering, ThenBy appends to it; both refuse a key SQL cannot order as .NET does.
    private ShapedQueryExpression? Order(ShapedQueryExpression source, LambdaExpression keySelector, bool ascending, bool thenBy)
    {
        var key = TranslateLambdaExpression(source, keySelector);
        if (key is null)
        {
            return null;
        }

        RefuseUnorderable(key);
        var select = (SelectExpression)source.QueryExpression;
        var ordering = new OrderingExpression(key, ascending);
        if (thenBy)
        {
            select.AppendOrdering(ordering);
        }
        else
        {
            select.ApplyOrdering(ordering);
        }

        return source;
    }

    private static void RefuseUnorderable(SqlExpression key)
    {
        var type = key.TypeMapping?.Converter?.ProviderClrType ?? key.TypeMapping?.ClrType ?? key.Type;
        if (type == typeof(DateTimeOffset) || type == typeof(ulong))
        {
            throw new NotSupportedException(
                $"SharpCoreDB cannot order by expressions of type '{type.Name}': its stored form does not sort by value. "
                + "Convert the values to a type that does, or order the results on the client.");
        }
    }
}
