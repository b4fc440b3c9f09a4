using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Sqlite.Query.Internal;

namespace SharpCoreDB.EntityFrameworkCore.Query;

#pragma warning disable EF1001 // The SQLite provider's string.Join/Concat → group_concat translation is right for our dialect.

/// <summary>
/// Aggregate translation: our <see cref="SharpCoreDBAggregateMethodTranslator"/> in place of the SQLite provider's
/// decimal workarounds, the SQLite provider's <c>group_concat</c> for string aggregates, then EF's relational defaults.
/// </summary>
internal sealed class SharpCoreDBAggregateMethodCallTranslatorProvider : RelationalAggregateMethodCallTranslatorProvider
{
    public SharpCoreDBAggregateMethodCallTranslatorProvider(RelationalAggregateMethodCallTranslatorProviderDependencies dependencies)
        : base(dependencies)
    {
        AddTranslators(
        [
            new SharpCoreDBAggregateMethodTranslator(),
            new SqliteStringAggregateMethodTranslator(dependencies.SqlExpressionFactory),
        ]);
    }
}
