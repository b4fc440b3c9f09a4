using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Projections()
    {
        yield return Set("project_entities_no_tracking", c => c.Products.AsNoTracking());
        yield return Set("project_entities_tracking", c => c.Customers);
        yield return Set("project_employees", c => c.Employees.AsNoTracking());
        yield return Set("project_orders", c => c.Orders.AsNoTracking());
        yield return Set("project_order_lines", c => c.OrderLines.AsNoTracking());
        yield return Set("project_categories", c => c.Categories.AsNoTracking());
        yield return Set("project_tags", c => c.Tags.AsNoTracking());
        yield return Set("project_anonymous", c => c.Products.Select(p => new { p.Id, p.Name, p.UnitPrice, p.Weight }));
        yield return Set("project_computed_int", c => c.OrderLines.Select(l => new { l.Id, Twice = l.Quantity * 2, Neg = -l.Quantity }));
        yield return Set("project_computed_double", c => c.OrderLines.Select(l => new { l.Id, Net = l.Quantity * (1 - l.Discount) }));
        yield return Set("project_bool_expression", c => c.Products.Select(p => new { p.Id, Low = p.UnitsInStock < 10 }));
        yield return Set("project_conditional", c => c.Products.Select(p => new { p.Id, State = p.Discontinued ? "gone" : p.UnitsInStock == 0 ? "out" : "ok" }));
        yield return Set("project_null_coalesce_string", c => c.Customers.Select(x => new { x.Id, Mail = x.Email ?? "(none)" }));
        yield return Set("project_navigation", c => c.Orders.Select(o => new { o.Id, o.Customer.Name, o.Customer.Country }));
        yield return Set("project_nullable_navigation", c => c.Orders.Select(o => new { o.Id, Employee = o.Employee != null ? o.Employee.Name : null }));
        yield return Refused("project_owned_tracking", c => c.Customers.Select(x => x.Address));
        yield return Set("project_owned_no_tracking", c => c.Customers.AsNoTracking().Select(x => x.Address));
        yield return Set("project_owned_fields", c => c.Customers.Select(x => new { x.Id, x.Address.Street, x.Address.PostalCode }));
        yield return Set("project_enum", c => c.Orders.Select(o => new { o.Id, o.Status }));
        yield return Set("project_enum_to_int", c => c.Orders.Select(o => new { o.Id, Code = (int)o.Status }));
        yield return Set("project_guid", c => c.Products.Select(p => new { p.Id, p.Sku }));
        yield return Set("project_dates", c => c.Orders.Select(o => new { o.Id, o.OrderedAt, o.ShippedAt, o.PlacedAt, o.HandlingTime }));
        yield return Set("project_date_only_time_only", c => c.Employees.Select(e => new { e.Id, e.HiredOn, e.ShiftStart }));
        yield return Set("project_collection_count", c => c.Customers.Select(x => new { x.Id, Orders = x.Orders.Count }));
        yield return Set("project_collection_sum", c => c.Orders.Select(o => new { o.Id, Items = o.Lines.Sum(l => l.Quantity) }));
        yield return Set("project_nested_collection", c => c.Customers.Where(x => x.Id < 6).Select(x => new { x.Id, Ids = x.Orders.Select(o => o.Id).ToList() }));
        yield return Set("project_nested_filtered_collection", c => c.Categories.Select(k => new { k.Name, Cheap = k.Products.Where(p => p.UnitPrice < 50m).Select(p => p.Name).ToList() }));
        yield return Set("project_distinct", c => c.Customers.Select(x => x.Country).Distinct());
        yield return Set("project_distinct_pair", c => c.Orders.Select(o => new { o.CustomerId, o.Status }).Distinct());
        yield return Set("project_select_many", c => c.Customers.SelectMany(x => x.Orders).Select(o => o.Id));
        yield return Set("project_select_many_many_to_many", c => c.Products.SelectMany(p => p.Tags, (p, t) => new { p.Id, t.Label }));
        yield return Set("project_tuple_like", c => c.Products.Select(p => new { p.Id, Pair = new { p.CategoryId, p.UnitsInStock } }));
        yield return Set("project_self_reference", c => c.Employees.Select(e => new { e.Name, Manager = e.Manager!.Name, Reports = e.Reports.Count }));
        yield return Set("project_long_arithmetic", c => c.OrderLines.Select(l => new { l.Id, Big = (long)l.Quantity * 1_000_000_000L }));
        yield return Set("project_integer_division", c => c.OrderLines.Select(l => new { l.Id, Half = l.Quantity / 2 }));
        yield return Set("project_cast_to_double", c => c.OrderLines.Select(l => new { l.Id, Ratio = (double)l.Quantity / 3 }));
    }
}
