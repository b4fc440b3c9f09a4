using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Decimals()
    {
        decimal threshold = 99.5m;
        decimal tiny = 0.1m;
        yield return Set("decimal_gt_constant", c => c.Products.Where(p => p.UnitPrice > 100.25m).Select(p => p.Id));
        yield return Set("decimal_ge_parameter", c => c.Products.Where(p => p.UnitPrice >= threshold).Select(p => p.Id));
        yield return Set("decimal_lt_le", c => c.Orders.Where(o => o.Freight < 10m || o.Freight <= 0.5m).Select(o => o.Id));
        yield return Set("decimal_equals_constant", c => c.Customers.Where(x => x.CreditLimit == 0m).Select(x => x.Id));
        yield return Set("decimal_equals_scale", c => c.Customers.Where(x => x.CreditLimit == 0.00m).Select(x => x.Id));
        yield return Set("decimal_compare_columns", c => c.OrderLines.Where(l => l.UnitPrice > l.Order.Freight).Select(l => l.Id));
        yield return Set("decimal_add", c => c.Orders.Select(o => new { o.Id, T = o.Freight + 0.1m }));
        yield return Set("decimal_subtract", c => c.Orders.Select(o => new { o.Id, T = o.Freight - tiny }));
        yield return Set("decimal_multiply", c => c.OrderLines.Select(l => new { l.Id, T = l.UnitPrice * l.Quantity }));
        yield return Set("decimal_multiply_decimal", c => c.OrderLines.Select(l => new { l.Id, T = l.UnitPrice * 1.19m }));
        yield return Set("decimal_divide", c => c.Orders.Select(o => new { o.Id, T = o.Freight / 4m }));
        yield return Set("decimal_negate", c => c.Orders.Select(o => new { o.Id, T = -o.Freight }));
        yield return Set("decimal_modulo", c => c.Orders.Select(o => new { o.Id, T = o.Freight % 7m }));
        yield return Set("decimal_filter_arithmetic", c => c.OrderLines.Where(l => l.UnitPrice * l.Quantity > 1000m).Select(l => l.Id));
        yield return Set("decimal_filter_sum_subtract", c => c.Orders.Where(o => o.Freight - 10m > 50m).Select(o => o.Id));
        yield return Set("decimal_nullable_compare", c => c.Employees.Where(e => e.Salary < 48000m).Select(e => e.Id));
        yield return Set("decimal_nullable_arithmetic", c => c.Employees.Select(e => new { e.Id, Raise = e.Salary * 1.05m }));
        yield return Set("decimal_coalesce", c => c.Employees.Select(e => new { e.Id, S = e.Salary ?? 0m }));
        yield return Set("decimal_conditional", c => c.Orders.Select(o => new { o.Id, Band = o.Freight > 50m ? "high" : "low" }));
        yield return Set("decimal_in_list", c => c.Customers.Where(x => new[] { 0m, 1m }.Contains(x.CreditLimit)).Select(x => x.Id));
        yield return Set("decimal_group_key", c => c.Customers.GroupBy(x => x.CreditLimit == 0m).Select(g => new { g.Key, Sum = g.Sum(x => x.CreditLimit) }));
        yield return Set("decimal_sum_with_filter", c => c.Customers.GroupBy(x => x.Tier).Select(g => new { g.Key, Sum = g.Where(x => x.CreditLimit > 1000m).Sum(x => x.CreditLimit) }));
        yield return Set("decimal_avg_per_category", c => c.Categories.Select(k => new { k.Id, Avg = k.Products.Average(p => (decimal?)p.UnitPrice) }));
        yield return Set("decimal_max_of_product", c => c.Orders.Select(o => new { o.Id, Max = o.Lines.Max(l => (decimal?)(l.UnitPrice * l.Quantity)) }));
        yield return Set("decimal_min_with_distinct", c => c.Products.GroupBy(p => p.Discontinued).Select(g => new { g.Key, Min = g.Select(p => p.UnitPrice).Distinct().Min() }));
        yield return Set("decimal_cast_to_double", c => c.Orders.Select(o => new { o.Id, D = (double)o.Freight }));
        yield return Set("decimal_cast_from_int", c => c.OrderLines.Select(l => new { l.Id, D = (decimal)l.Quantity * l.UnitPrice }));
        yield return Set("decimal_between", c => c.Products.Where(p => p.UnitPrice >= 50m && p.UnitPrice <= 150m).Select(p => p.Id));
        yield return Set("decimal_compare_join", c => from p in c.Products join l in c.OrderLines on p.Id equals l.ProductId where l.UnitPrice >= p.UnitPrice select l.Id);
        yield return One("decimal_sum_of_products", c => c.OrderLines.Sum(l => l.UnitPrice * l.Quantity));
        yield return One("decimal_avg_freight", c => c.Orders.Average(o => o.Freight));
        yield return One("decimal_count_over_threshold", c => c.Products.Count(p => p.UnitPrice > 10.5m));
        yield return One("decimal_max_nullable", c => c.Employees.Max(e => e.Salary));
        yield return One("decimal_min_filter", c => c.Orders.Where(o => o.Status == OrderStatus.Delivered).Min(o => o.Freight));
        yield return Seq("decimal_order_then_page", c => c.Orders.OrderBy(o => o.Freight).ThenBy(o => o.Id).Skip(10).Take(10).Select(o => o.Freight));
        yield return Seq("decimal_order_by_computed", c => c.OrderLines.OrderByDescending(l => l.UnitPrice * l.Quantity).ThenBy(l => l.Id).Take(15).Select(l => l.Id));
    }
}
