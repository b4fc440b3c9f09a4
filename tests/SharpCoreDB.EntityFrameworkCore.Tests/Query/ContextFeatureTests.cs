using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using SharpCoreDB.EntityFrameworkCore.Tests.Differential;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Query;

/// <summary>Compiled queries, context pooling and the async paths, over the differential tests' seeded data.</summary>
public sealed class ContextFeatureTests(NorthwindFixture fixture) : IClassFixture<NorthwindFixture>
{
    // A compiled query belongs to one model, and each provider builds its own: one delegate per provider.
    private static readonly Func<NorthwindContext, decimal, IEnumerable<int>> s_expensiveSqlite = Expensive();
    private static readonly Func<NorthwindContext, decimal, IEnumerable<int>> s_expensiveOurs = Expensive();

    private static Func<NorthwindContext, decimal, IEnumerable<int>> Expensive() =>
        EF.CompileQuery((NorthwindContext c, decimal min) => c.Products.Where(p => p.UnitPrice >= min).OrderBy(p => p.Id).Select(p => p.Id));

    [Fact]
    public void A_compiled_query_gives_the_sqlite_providers_answer()
    {
        using var sqlite = fixture.CreateSqlite();
        using var ours = fixture.CreateOurs();
        foreach (var min in new[] { 0m, 50.5m, 150m })
        {
            Assert.Equal(s_expensiveSqlite(sqlite, min).ToList(), s_expensiveOurs(ours, min).ToList());
        }
    }

    [Fact]
    public void Pooled_contexts_are_reused_and_query_the_database()
    {
        var options = new DbContextOptionsBuilder<NorthwindContext>().UseSharpCoreDB(fixture.OursConnectionString).Options;
        var factory = new PooledDbContextFactory<NorthwindContext>(options, poolSize: 2);
        NorthwindContext first;
        using (first = factory.CreateDbContext())
        {
            Assert.Equal(30, first.Customers.Count());
        }

        using var second = factory.CreateDbContext();
        Assert.Same(first, second);
        Assert.Equal(150, second.Orders.Count());
    }

    [Fact]
    public async Task Async_queries_and_SaveChanges_work()
    {
        await using var ours = fixture.CreateOurs();
        await using var transaction = await ours.Database.BeginTransactionAsync();
        var customer = await ours.Customers.OrderBy(x => x.Id).FirstAsync();
        customer.CreditLimit += 1.25m;
        Assert.Equal(1, await ours.SaveChangesAsync());
        var sum = await ours.Customers.Where(x => x.Id == customer.Id).SumAsync(x => x.CreditLimit);
        Assert.Equal(customer.CreditLimit, sum);
        await transaction.RollbackAsync();
    }

    [Fact]
    public void The_provider_name_is_ours_and_is_not_sqlite()
    {
        using var ours = fixture.CreateOurs();
        Assert.Equal("SharpCoreDB.EntityFrameworkCore", ours.Database.ProviderName);
        Assert.False(ours.Database.IsSqlite());
    }
}
