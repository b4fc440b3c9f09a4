using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Update;

/// <summary>Change tracking and SaveChanges on our provider, each test on a freshly seeded database of its own.</summary>
public sealed class SaveChangesTests : IDisposable
{
    private readonly TempDirectory _directory = Providers.NewDirectory();
    private readonly string _connectionString;

    public SaveChangesTests()
    {
        _connectionString = $"Data Source={_directory.File("save.scdb")};Durability=Async";
        using var context = Create();
        context.Database.EnsureCreated();
        NorthwindData.Seed_(context);
    }

    public void Dispose() => _directory.Dispose();

    private NorthwindContext Create() => new(Providers.Ours(_connectionString));

    [Fact]
    public void Every_property_type_round_trips_through_insert_update_and_read()
    {
        var placedAt = new DateTimeOffset(2024, 2, 29, 23, 59, 58, 123, TimeSpan.FromHours(-3.5)).AddTicks(4567);
        var order = new Order
        {
            CustomerId = 3,
            OrderedAt = new DateTime(2024, 2, 29, 23, 59, 58, DateTimeKind.Unspecified).AddTicks(1234567),
            PlacedAt = placedAt,
            HandlingTime = new TimeSpan(2, 3, 4, 5, 6),
            Freight = 12345.6700m,
            Status = OrderStatus.Delivered,
            Notes = "Zoë's order ✓",
            TrackingId = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
        };
        int id;
        using (var context = Create())
        {
            context.Orders.Add(order);
            context.SaveChanges();
            id = order.Id;
            Assert.True(id > 150, "the key comes back from the database (RETURNING)");
        }

        using (var context = Create())
        {
            var read = context.Orders.Single(o => o.Id == id);
            Assert.Equal(order.OrderedAt, read.OrderedAt);
            Assert.Equal(placedAt, read.PlacedAt);
            Assert.Equal(placedAt.Offset, read.PlacedAt.Offset);
            Assert.Equal(order.HandlingTime, read.HandlingTime);
            Assert.Equal("12345.6700", read.Freight.ToString(System.Globalization.CultureInfo.InvariantCulture));
            Assert.Equal(order.TrackingId, read.TrackingId);
            Assert.Equal(order.Notes, read.Notes);
            Assert.Null(read.ShippedAt);
            read.ShippedAt = read.OrderedAt.AddDays(1);
            read.Freight = 0.1m;
            read.Notes = null;
            context.SaveChanges();
        }

        using (var context = Create())
        {
            var read = context.Orders.Single(o => o.Id == id);
            Assert.Equal(order.OrderedAt.AddDays(1), read.ShippedAt);
            Assert.Equal(0.1m, read.Freight);
            Assert.Null(read.Notes);
            Assert.Equal(1, context.Orders.Count(o => o.TrackingId == order.TrackingId));
            Assert.Equal(1, context.Orders.Count(o => o.HandlingTime == new TimeSpan(2, 3, 4, 5, 6)));
            context.Orders.Remove(read);
            context.SaveChanges();
            Assert.False(context.Orders.Any(o => o.Id == id));
        }
    }

    [Fact]
    public void Deleting_a_customer_cascades_to_its_orders_and_their_lines_in_the_database()
    {
        int customerId;
        int[] orderIds;
        using (var context = Create())
        {
            customerId = context.Orders.Where(o => o.Lines.Any()).Select(o => o.CustomerId).First();
            orderIds = context.Orders.Where(o => o.CustomerId == customerId).Select(o => o.Id).ToArray();
        }

        using (var context = Create())
        {
            // Only the customer is loaded: the orders and lines go by the foreign keys' ON DELETE CASCADE.
            context.Customers.Remove(context.Customers.Single(x => x.Id == customerId));
            context.SaveChanges();
        }

        using (var context = Create())
        {
            Assert.False(context.Orders.Any(o => orderIds.Contains(o.Id)));
            Assert.False(context.OrderLines.Any(l => orderIds.Contains(l.OrderId)));
        }
    }

    [Fact]
    public void Deleting_an_employee_sets_its_orders_employee_to_null_in_the_database()
    {
        using (var context = Create())
        {
            // Employee 10 reports to someone and has no reports of its own.
            Assert.True(context.Orders.Any(o => o.EmployeeId == 10));
            context.Employees.Remove(context.Employees.Single(e => e.Id == 10));
            context.SaveChanges();
        }

        using (var context = Create())
        {
            Assert.False(context.Orders.Any(o => o.EmployeeId == 10));
        }
    }

    [Fact]
    public void Deleting_a_category_that_products_still_reference_is_refused_by_the_foreign_key()
    {
        using var context = Create();
        // The product is not tracked, so EF leaves the check to the database's foreign key.
        int categoryId = context.Products.AsNoTracking().First().CategoryId;
        context.Categories.Remove(context.Categories.Single(k => k.Id == categoryId));
        var error = Assert.Throws<DbUpdateException>(() => context.SaveChanges());
        Assert.IsType<SharpCoreDBException>(error.InnerException);
    }

    [Fact]
    public void A_stale_concurrency_token_makes_SaveChanges_throw_DbUpdateConcurrencyException()
    {
        using var first = Create();
        using var second = Create();
        var mine = first.Products.Single(p => p.Id == 5);
        var theirs = second.Products.Single(p => p.Id == 5);
        mine.UnitsInStock += 1;
        mine.Version += 1;
        first.SaveChanges();

        theirs.UnitsInStock += 10;
        theirs.Version += 1;
        var conflict = Assert.Throws<DbUpdateConcurrencyException>(() => second.SaveChanges());
        Assert.Single(conflict.Entries);

        // Refreshing the original values from the database lets the second save go through.
        var entry = conflict.Entries[0];
        entry.OriginalValues.SetValues(entry.GetDatabaseValues()!);
        theirs.Version = 3;
        second.SaveChanges();
        using var check = Create();
        Assert.Equal(3, check.Products.Single(p => p.Id == 5).Version);
    }

    [Fact]
    public void Many_to_many_links_are_added_and_removed()
    {
        using (var context = Create())
        {
            var product = context.Products.Include(p => p.Tags).Single(p => p.Id == 1);
            product.Tags.Clear();
            product.Tags.Add(context.Tags.Single(t => t.Id == 4));
            context.SaveChanges();
        }

        using (var context = Create())
        {
            Assert.Equal([4], context.Products.Where(p => p.Id == 1).SelectMany(p => p.Tags).Select(t => t.Id).ToList());
        }
    }

    [Fact]
    public void A_rolled_back_transaction_keeps_nothing_and_a_savepoint_undoes_only_what_followed_it()
    {
        using (var context = Create())
        {
            using var transaction = context.Database.BeginTransaction();
            context.Categories.Add(new Category { Name = "Rolled back" });
            context.SaveChanges();
            transaction.Rollback();
        }

        using (var context = Create())
        {
            Assert.False(context.Categories.Any(k => k.Name == "Rolled back"));
            using var transaction = context.Database.BeginTransaction();
            context.Categories.Add(new Category { Name = "Kept" });
            context.SaveChanges();
            transaction.CreateSavepoint("before");
            context.Categories.Add(new Category { Name = "Undone" });
            context.SaveChanges();
            transaction.RollbackToSavepoint("before");
            transaction.Commit();
        }

        using (var context = Create())
        {
            Assert.True(context.Categories.Any(k => k.Name == "Kept"));
            Assert.False(context.Categories.Any(k => k.Name == "Undone"));
        }
    }
}
