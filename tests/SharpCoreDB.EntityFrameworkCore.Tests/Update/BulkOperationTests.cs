using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Update;

/// <summary>ExecuteUpdate and ExecuteDelete, run on both providers over the same data; the rows left must match.</summary>
public sealed class BulkOperationTests : IDisposable
{
    private readonly TempDirectory _directory = Providers.NewDirectory();
    private readonly Func<NorthwindContext>[] _providers;

    public BulkOperationTests()
    {
        string sqlite = _directory.File("oracle.db");
        string ours = $"Data Source={_directory.File("ours.scdb")};Durability=Async";
        _providers = [() => new NorthwindContext(Providers.Sqlite(sqlite)), () => new NorthwindContext(Providers.Ours(ours))];
        foreach (var create in _providers)
        {
            using var context = create();
            context.Database.EnsureCreated();
            NorthwindData.Seed_(context);
        }
    }

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ExecuteUpdate_of_decimals_dates_and_strings_leaves_the_same_readable_rows_as_sqlite()
    {
        var results = new List<string>();
        foreach (var create in _providers)
        {
            using var context = create();
            int changed = context.Products.Where(p => p.UnitPrice > 100m).ExecuteUpdate(s => s
                .SetProperty(p => p.UnitPrice, p => p.UnitPrice * 1.1m)
                .SetProperty(p => p.Name, p => p.Name + " (premium)")
                .SetProperty(p => p.Version, p => p.Version + 1));
            int shipped = context.Orders.Where(o => o.ShippedAt == null).ExecuteUpdate(s => s
                .SetProperty(o => o.ShippedAt, o => o.OrderedAt.AddDays(2))
                .SetProperty(o => o.Status, OrderStatus.Shipped));
            Assert.True(changed > 0 && shipped > 0);
            results.Add(string.Join("\n", Differential.ResultFormatter.Rows(context.Products.AsNoTracking().OrderBy(p => p.Id).ToList(), ordered: true))
                + string.Join("\n", Differential.ResultFormatter.Rows(context.Orders.AsNoTracking().OrderBy(o => o.Id).ToList(), ordered: true)));
        }

        Assert.Equal(results[0], results[1]);
    }

    [Fact]
    public void ExecuteDelete_removes_the_same_rows_as_sqlite_and_cascades()
    {
        var counts = new List<(int Deleted, int Orders, int Lines)>();
        foreach (var create in _providers)
        {
            using var context = create();
            int deleted = context.Customers.Where(x => x.Tier == CustomerTier.Basic && x.CreditLimit < 5000m).ExecuteDelete();
            counts.Add((deleted, context.Orders.Count(), context.OrderLines.Count()));
        }

        Assert.Equal(counts[0], counts[1]);
        Assert.True(counts[1].Deleted > 0);
    }
}
