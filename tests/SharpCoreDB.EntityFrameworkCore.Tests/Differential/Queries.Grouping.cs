using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Grouping()
    {
        yield return Set("group_count", c => c.Customers.GroupBy(x => x.Country).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("group_sum_int", c => c.OrderLines.GroupBy(l => l.ProductId).Select(g => new { g.Key, Qty = g.Sum(l => l.Quantity) }));
        yield return Set("group_sum_decimal", c => c.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Freight = g.Sum(o => o.Freight) }));
        yield return Set("group_avg_decimal", c => c.Orders.GroupBy(o => o.Status).Select(g => new { g.Key, Avg = g.Average(o => o.Freight) }));
        yield return Set("group_min_max_decimal", c => c.Products.GroupBy(p => p.CategoryId).Select(g => new { g.Key, Min = g.Min(p => p.UnitPrice), Max = g.Max(p => p.UnitPrice) }));
        yield return Set("group_avg_int", c => c.Products.GroupBy(p => p.CategoryId).Select(g => new { g.Key, Avg = g.Average(p => p.UnitsInStock) }));
        yield return Set("group_avg_double_nullable", c => c.Products.GroupBy(p => p.CategoryId).Select(g => new { g.Key, Avg = g.Average(p => p.Weight) }));
        yield return Set("group_min_max_date", c => c.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, First = g.Min(o => o.OrderedAt), Last = g.Max(o => o.OrderedAt) }));
        yield return Set("group_by_enum", c => c.Orders.GroupBy(o => o.Status).Select(g => new { g.Key, Count = g.Count(), Freight = g.Sum(o => o.Freight) }));
        yield return Set("group_by_composite", c => c.Orders.GroupBy(o => new { o.CustomerId, o.Status }).Select(g => new { g.Key.CustomerId, g.Key.Status, Count = g.Count() }));
        yield return Set("group_by_navigation", c => c.Orders.GroupBy(o => o.Customer.Country).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("group_by_owned", c => c.Customers.GroupBy(x => x.Address.City).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("group_having", c => c.Orders.GroupBy(o => o.CustomerId).Where(g => g.Count() > 5).Select(g => g.Key));
        yield return Set("group_having_sum_decimal", c => c.Orders.GroupBy(o => o.CustomerId).Where(g => g.Sum(o => o.Freight) > 300m).Select(g => g.Key));
        yield return Set("group_count_predicate", c => c.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Late = g.Count(o => o.ShippedAt == null) }));
        yield return Set("group_distinct_count", c => c.OrderLines.GroupBy(l => l.OrderId).Select(g => new { g.Key, Products = g.Select(l => l.ProductId).Distinct().Count() }));
        yield return Set("group_by_year", c => c.Orders.GroupBy(o => o.OrderedAt.Year).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("group_by_month", c => c.Orders.GroupBy(o => new { o.OrderedAt.Year, o.OrderedAt.Month }).Select(g => new { g.Key.Year, g.Key.Month, Count = g.Count() }));
        yield return Set("group_by_bool", c => c.Products.GroupBy(p => p.Discontinued).Select(g => new { g.Key, Stock = g.Sum(p => p.UnitsInStock) }));
        yield return Set("group_by_nullable", c => c.Orders.GroupBy(o => o.EmployeeId).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("group_by_computed", c => c.Products.GroupBy(p => p.UnitsInStock / 25).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("group_elements", c => c.Products.Where(p => p.Id < 20).GroupBy(p => p.CategoryId).Select(g => new { g.Key, Names = g.Select(p => p.Name).ToList() }));
        yield return Set("group_string_join", c => c.Products.GroupBy(p => p.CategoryId).Select(g => new { g.Key, Names = string.Join("|", g.OrderBy(p => p.Id).Select(p => p.Name)) }));
        yield return Set("group_max_string", c => c.Customers.GroupBy(x => x.Country).Select(g => new { g.Key, Max = g.Max(x => x.Name) }));
        yield return Set("group_sum_decimal_product", c => c.OrderLines.GroupBy(l => l.OrderId).Select(g => new { g.Key, Total = g.Sum(l => l.UnitPrice * l.Quantity) }));
        yield return Set("group_first_element", c => c.Orders.GroupBy(o => o.CustomerId).Select(g => g.OrderBy(o => o.Id).First().Id));
        yield return Set("group_min_time_only", c => c.Employees.GroupBy(e => e.Title).Select(g => new { g.Key, Earliest = g.Min(e => e.ShiftStart) }));
        yield return Set("group_max_date_only", c => c.Employees.GroupBy(e => e.Title).Select(g => new { g.Key, Latest = g.Max(e => e.HiredOn) }));
        yield return One("aggregate_count", c => c.Orders.Count());
        yield return One("aggregate_sum_int", c => c.OrderLines.Sum(l => l.Quantity));
        yield return One("aggregate_sum_decimal", c => c.Orders.Sum(o => o.Freight));
        yield return One("aggregate_avg_decimal", c => c.Products.Average(p => p.UnitPrice));
        yield return One("aggregate_min_decimal", c => c.Products.Min(p => p.UnitPrice));
        yield return One("aggregate_max_decimal", c => c.Products.Max(p => p.UnitPrice));
        yield return One("aggregate_sum_nullable_decimal", c => c.Employees.Sum(e => e.Salary));
        yield return One("aggregate_avg_nullable_decimal", c => c.Employees.Average(e => e.Salary));
        yield return One("aggregate_sum_double", c => c.OrderLines.Sum(l => l.Discount));
        yield return One("aggregate_avg_double_nullable", c => c.Products.Average(p => p.Weight));
        yield return One("aggregate_max_datetime", c => c.Orders.Max(o => o.OrderedAt));
        yield return One("aggregate_min_nullable_datetime", c => c.Orders.Min(o => o.ShippedAt));
        yield return One("aggregate_sum_decimal_empty", c => c.Orders.Where(o => o.Id < 0).Sum(o => o.Freight));
        yield return One("aggregate_max_decimal_empty_nullable", c => c.Orders.Where(o => o.Id < 0).Max(o => (decimal?)o.Freight));
        yield return One("aggregate_count_distinct", c => c.Orders.Select(o => o.CustomerId).Distinct().Count());
        yield return One("aggregate_sum_decimal_expression", c => c.OrderLines.Sum(l => l.UnitPrice * l.Quantity));
        yield return Refused("aggregate_max_datetimeoffset", c => c.Orders.Max(o => o.PlacedAt));
        yield return Refused("aggregate_min_datetimeoffset", c => c.Orders.Min(o => o.PlacedAt));
    }
}
