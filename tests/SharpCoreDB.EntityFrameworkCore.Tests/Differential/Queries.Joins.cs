using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Joins()
    {
        yield return Set("join_inner", c => c.Orders.Join(c.Customers, o => o.CustomerId, x => x.Id, (o, x) => new { o.Id, x.Name }));
        yield return Set("join_query_syntax", c => from l in c.OrderLines join p in c.Products on l.ProductId equals p.Id select new { l.Id, p.Name, l.Quantity });
        yield return Set("join_three_tables", c => from l in c.OrderLines
                                                   join o in c.Orders on l.OrderId equals o.Id
                                                   join x in c.Customers on o.CustomerId equals x.Id
                                                   select new { l.Id, x.Country });
        yield return Set("join_left_group_join", c => from x in c.Customers
                                                      join o in c.Orders on x.Id equals o.CustomerId into os
                                                      from o in os.DefaultIfEmpty()
                                                      select new { x.Id, Order = (int?)o.Id });
        yield return Set("join_left_join_operator", c => c.Customers.LeftJoin(c.Orders, x => x.Id, o => o.CustomerId, (x, o) => new { x.Id, Order = (int?)o!.Id }));
        yield return Set("join_composite_key", c => from a in c.Orders
                                                    join b in c.Orders on new { a.CustomerId, a.Status } equals new { b.CustomerId, b.Status }
                                                    where a.Id < b.Id
                                                    select new { A = a.Id, B = b.Id });
        yield return Set("join_cross", c => from k in c.Categories from t in c.Tags where k.Id + t.Id == 7 select new { k.Name, t.Label });
        yield return Set("join_self", c => from e in c.Employees join m in c.Employees on e.ManagerId equals m.Id select new { e.Name, Boss = m.Name });
        yield return Set("join_navigation_chain", c => c.OrderLines.Select(l => new { l.Id, Cat = l.Product.Category.Name, l.Order.Customer.Country }));
        yield return Set("join_filter_both_sides", c => from o in c.Orders
                                                        join x in c.Customers on o.CustomerId equals x.Id
                                                        where x.Tier == CustomerTier.Gold && o.Freight > 50m
                                                        select o.Id);
        yield return Set("join_select_many_correlated", c => from x in c.Customers
                                                             from o in c.Orders.Where(o => o.CustomerId == x.Id && o.Status == OrderStatus.Pending)
                                                             select new { x.Id, o.Freight });
        yield return Set("join_outer_apply_like", c => c.Customers.Select(x => new { x.Id, Last = x.Orders.OrderByDescending(o => o.OrderedAt).Select(o => (int?)o.Id).FirstOrDefault() }));
        yield return Set("join_employee_orders", c => from e in c.Employees
                                                      join o in c.Orders on e.Id equals o.EmployeeId
                                                      group o by e.Name into g
                                                      select new { g.Key, Count = g.Count() });
    }

    private static IEnumerable<DiffQuery> Includes()
    {
        yield return Set("include_reference", c => c.Orders.Include(o => o.Customer).Where(o => o.Id < 20));
        yield return Set("include_collection", c => c.Customers.Include(x => x.Orders).Where(x => x.Id < 8));
        yield return Set("include_then_include", c => c.Orders.Include(o => o.Lines).ThenInclude(l => l.Product).Where(o => o.Id < 10));
        yield return Set("include_filtered", c => c.Customers.Include(x => x.Orders.Where(o => o.Status == OrderStatus.Delivered)).Where(x => x.Id < 12));
        yield return Set("include_many_to_many", c => c.Products.Include(p => p.Tags).Where(p => p.Id < 10));
        yield return Set("include_self_reference", c => c.Employees.Include(e => e.Reports));
        yield return Set("include_nullable_reference", c => c.Orders.Include(o => o.Employee).Where(o => o.Id > 130));
        yield return Set("include_split_query", c => c.Customers.Include(x => x.Orders).ThenInclude(o => o.Lines).AsSplitQuery().Where(x => x.Id < 5));
        yield return Set("include_no_tracking", c => c.Categories.Include(k => k.Products).AsNoTracking());
        yield return Set("include_identity_resolution", c => c.Orders.Include(o => o.Customer).AsNoTrackingWithIdentityResolution().Where(o => o.CustomerId < 5));
    }
}
