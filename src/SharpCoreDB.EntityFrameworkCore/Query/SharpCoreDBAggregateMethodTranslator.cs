using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

/// <summary>
/// Refuses <c>Max</c>/<c>Min</c> over <c>DateTimeOffset</c> and <c>ulong</c>, whose stored forms do not order by
/// value (as the SQLite provider refuses them), and otherwise leaves aggregates to EF's relational translation: SUM,
/// AVG, MIN and MAX over decimals run natively on our exact DECIMAL, where the SQLite provider calls its registered
/// <c>ef_sum</c>/<c>ef_avg</c>/<c>ef_min</c>/<c>ef_max</c>.
/// </summary>
internal sealed class SharpCoreDBAggregateMethodTranslator : IAggregateMethodCallTranslator
{
    public SqlExpression? Translate(
        MethodInfo method,
        EnumerableExpression source,
        IReadOnlyList<SqlExpression> arguments,
        IDiagnosticsLogger<DbLoggerCategory.Query> logger)
    {
        if (method.DeclaringType != typeof(Queryable)
            || method.Name is not (nameof(Queryable.Max) or nameof(Queryable.Min))
            || source.Selector is not SqlExpression selector)
        {
            return null;
        }

        var type = selector.TypeMapping?.Converter?.ProviderClrType ?? selector.TypeMapping?.ClrType ?? selector.Type;
        if (type == typeof(DateTimeOffset) || type == typeof(ulong))
        {
            throw new NotSupportedException(
                $"SharpCoreDB cannot compute '{method.Name}' over expressions of type '{type.Name}': its stored form does not "
                + "order by value. Convert the values to a type that does, or compute it on the client.");
        }

        return null;
    }
}
