using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Subqueries()
    {
        yield return Set("sub_in", c => c.Customers.Where(x => c.Orders.Where(o => o.Status == OrderStatus.Cancelled).Select(o => o.CustomerId).Contains(x.Id)).Select(x => x.Id));
        yield return Set("sub_not_in", c => c.Products.Where(p => !c.OrderLines.Select(l => l.ProductId).Contains(p.Id)).Select(p => p.Id));
        yield return Set("sub_exists", c => c.Products.Where(p => c.OrderLines.Any(l => l.ProductId == p.Id && l.Quantity > 40)).Select(p => p.Id));
        yield return Set("sub_scalar_max", c => c.Orders.Where(o => o.Freight == c.Orders.Max(x => x.Freight)).Select(o => o.Id));
        yield return Set("sub_scalar_avg_compare", c => c.Products.Where(p => p.UnitPrice > c.Products.Average(x => x.UnitPrice)).Select(p => p.Id));
        yield return Set("sub_correlated_count", c => c.Products.Select(p => new { p.Id, Orders = c.OrderLines.Count(l => l.ProductId == p.Id) }));
        yield return Set("sub_correlated_sum_decimal", c => c.Customers.Select(x => new { x.Id, Freight = c.Orders.Where(o => o.CustomerId == x.Id).Sum(o => o.Freight) }));
        yield return Set("sub_correlated_first", c => c.Customers.Select(x => new { x.Id, First = x.Orders.OrderBy(o => o.OrderedAt).ThenBy(o => o.Id).Select(o => (DateTime?)o.OrderedAt).FirstOrDefault() }));
        yield return Set("sub_correlated_max_decimal", c => c.Categories.Select(k => new { k.Id, Max = k.Products.Max(p => (decimal?)p.UnitPrice) }));
        yield return Set("sub_nested_any", c => c.Customers.Where(x => x.Orders.Any(o => o.Lines.Any(l => l.Product.Discontinued))).Select(x => x.Id));
        yield return Set("sub_from_subquery", c => c.Orders.Where(o => o.Freight > 20m).Select(o => new { o.Id, o.CustomerId }).Where(x => x.CustomerId < 10).Select(x => x.Id));
        yield return Set("sub_group_then_join", c => from g in c.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Total = g.Sum(o => o.Freight) })
                                                     join x in c.Customers on g.Key equals x.Id
                                                     select new { x.Name, g.Total });
        yield return Set("sub_conditional_exists", c => c.Customers.Select(x => new { x.Id, HasPending = x.Orders.Any(o => o.Status == OrderStatus.Pending) }));
        yield return Set("sub_many_to_many_count", c => c.Tags.Select(t => new { t.Label, Products = t.Products.Count(p => !p.Discontinued) }));
        yield return Set("sub_self_reference_count", c => c.Employees.Where(e => e.Reports.Count > 0).Select(e => e.Id));
        yield return Set("sub_contains_entity_key", c => c.Orders.Where(o => c.Employees.Where(e => e.Title == "Manager").Select(e => (int?)e.Id).Contains(o.EmployeeId)).Select(o => o.Id));
        yield return Set("sub_all_nested", c => c.Categories.Where(k => k.Products.All(p => p.UnitsInStock > 5)).Select(k => k.Id));
        yield return Set("sub_sum_over_navigation", c => c.Products.Select(p => new { p.Id, Sold = p.Lines.Sum(l => (int?)l.Quantity) ?? 0 }));
        yield return Set("sub_count_distinct_navigation", c => c.Customers.Select(x => new { x.Id, Products = x.Orders.SelectMany(o => o.Lines).Select(l => l.ProductId).Distinct().Count() }));
        yield return Set("sub_top_n_per_group", c => c.Customers.Where(x => x.Id < 10).SelectMany(x => x.Orders.OrderByDescending(o => o.Freight).ThenBy(o => o.Id).Take(2)).Select(o => o.Id));
        yield return One("sub_scalar_count_of_count", c => c.Customers.Count(x => x.Orders.Count() >= 3));
        yield return One("sub_max_of_group_sums", c => c.Orders.GroupBy(o => o.CustomerId).Select(g => g.Sum(o => o.Freight)).Max());
    }

    private static IEnumerable<DiffQuery> SetOperations()
    {
        yield return Set("set_union", c => c.Customers.Where(x => x.Country == "USA").Select(x => x.Id).Union(c.Customers.Where(x => x.Tier == CustomerTier.Gold).Select(x => x.Id)));
        yield return Set("set_concat", c => c.Customers.Where(x => x.Country == "USA").Select(x => x.Id).Concat(c.Customers.Where(x => x.Tier == CustomerTier.Gold).Select(x => x.Id)));
        yield return Set("set_intersect", c => c.Customers.Where(x => x.Country != "USA").Select(x => x.Id).Intersect(c.Orders.Select(o => o.CustomerId)));
        yield return Set("set_except", c => c.Products.Select(p => p.Id).Except(c.OrderLines.Select(l => l.ProductId)));
        yield return Set("set_union_anonymous", c => c.Products.Where(p => p.Id < 5).Select(p => new { p.Id, p.Name }).Union(c.Products.Where(p => p.Id > 35).Select(p => new { p.Id, p.Name })));
        yield return Set("set_union_strings", c => c.Customers.Select(x => x.Country).Union(c.Customers.Select(x => x.Address.City)));
        yield return Set("set_union_entities", c => c.Products.Where(p => p.Discontinued).Union(c.Products.Where(p => p.UnitsInStock < 5)).Select(p => p.Id));
        yield return Set("set_concat_decimals", c => c.Products.Select(p => p.UnitPrice).Concat(c.Orders.Select(o => o.Freight)));
        yield return Seq("set_union_ordered_paged", c => c.Orders.Select(o => o.CustomerId).Union(c.Customers.Select(x => x.Id)).OrderBy(x => x).Skip(3).Take(10));
        yield return One("set_union_count", c => c.Orders.Select(o => o.EmployeeId).Union(c.Employees.Select(e => (int?)e.Id)).Count());
        yield return Set("set_except_then_where", c => c.Customers.Select(x => x.Id).Except(c.Orders.Select(o => o.CustomerId)).Where(id => id > 3));
        yield return Set("set_intersect_dates", c => c.Orders.Where(o => o.Id < 80).Select(o => o.OrderedAt.Year).Intersect(c.Orders.Where(o => o.Id >= 80).Select(o => o.OrderedAt.Year)));
    }
}
