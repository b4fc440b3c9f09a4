using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Query;

/// <summary>Decimal comparisons, arithmetic, ordering and aggregates are plain SQL on our exact DECIMAL.</summary>
public sealed class DecimalTranslationTests
{
    private static NorthwindContext Context() =>
        new(new DbContextOptionsBuilder<NorthwindContext>().UseSharpCoreDB("Data Source=unused.scdb").Options);

    [Fact]
    public void Decimal_queries_use_no_sqlite_workaround_functions_or_collations()
    {
        using var context = Context();
        decimal limit = 10m;
        string[] sql =
        [
            context.Products.Where(p => p.UnitPrice > limit && p.UnitPrice - 1m <= p.UnitPrice * 2m / 3m).ToQueryString(),
            context.Products.OrderBy(p => p.UnitPrice).Select(p => -p.UnitPrice % 7m).ToQueryString(),
            context.Products.GroupBy(p => p.CategoryId).Select(g => new { S = g.Sum(p => p.UnitPrice), A = g.Average(p => p.UnitPrice), M = g.Max(p => p.UnitPrice), N = g.Min(p => p.UnitPrice) }).ToQueryString(),
        ];
        foreach (var text in sql)
        {
            Assert.DoesNotContain("ef_", text, StringComparison.OrdinalIgnoreCase);
            Assert.DoesNotContain("EF_DECIMAL", text, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Decimal_and_guid_and_timespan_columns_use_our_storage_types()
    {
        using var context = Context();
        var script = context.Database.GenerateCreateScript();
        Assert.Contains("\"UnitPrice\" DECIMAL NOT NULL", script, StringComparison.Ordinal);
        Assert.Contains("\"Sku\" BLOB NOT NULL", script, StringComparison.Ordinal);
        Assert.Contains("\"HandlingTime\" TEXT NOT NULL", script, StringComparison.Ordinal);
    }
}
