using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Ordering()
    {
        yield return Seq("order_by_int", c => c.Products.OrderBy(p => p.UnitsInStock).ThenBy(p => p.Id).Select(p => p.Id));
        yield return Seq("order_by_descending", c => c.Products.OrderByDescending(p => p.UnitsInStock).ThenByDescending(p => p.Id).Select(p => p.Id));
        yield return Seq("order_by_string", c => c.Customers.OrderBy(x => x.Name).ThenBy(x => x.Id).Select(x => x.Name));
        yield return Seq("order_by_string_descending", c => c.Customers.OrderByDescending(x => x.Country).ThenBy(x => x.Id).Select(x => x.Id));
        yield return Seq("order_by_nullable_string", c => c.Customers.OrderBy(x => x.Email).ThenBy(x => x.Id).Select(x => x.Id));
        yield return Seq("order_by_nullable_double", c => c.Products.OrderBy(p => p.Weight).ThenBy(p => p.Id).Select(p => p.Id));
        yield return Seq("order_by_datetime", c => c.Orders.OrderBy(o => o.OrderedAt).ThenBy(o => o.Id).Select(o => o.Id));
        yield return Seq("order_by_nullable_datetime_desc", c => c.Orders.OrderByDescending(o => o.ShippedAt).ThenBy(o => o.Id).Select(o => o.Id));
        yield return Seq("order_by_date_only", c => c.Employees.OrderBy(e => e.HiredOn).Select(e => e.Id));
        yield return Seq("order_by_time_only", c => c.Employees.OrderBy(e => e.ShiftStart).ThenBy(e => e.Id).Select(e => e.Id));
        yield return Seq("order_by_enum", c => c.Orders.OrderBy(o => o.Status).ThenBy(o => o.Id).Select(o => o.Id));
        yield return Seq("order_by_bool", c => c.Products.OrderBy(p => p.Discontinued).ThenBy(p => p.Id).Select(p => p.Id));
        yield return Seq("order_by_guid", c => c.Products.OrderBy(p => p.Sku).Select(p => p.Id));
        yield return Seq("order_by_navigation", c => c.Orders.OrderBy(o => o.Customer.Name).ThenBy(o => o.Id).Select(o => o.Id));
        yield return Seq("order_by_owned", c => c.Customers.OrderBy(x => x.Address.City).ThenBy(x => x.Id).Select(x => x.Id));
        yield return Seq("order_by_computed", c => c.OrderLines.OrderBy(l => l.Quantity * l.Discount).ThenBy(l => l.Id).Select(l => l.Id));
        yield return Seq("order_by_conditional", c => c.Products.OrderBy(p => p.Discontinued ? 1 : 0).ThenBy(p => p.Name).ThenBy(p => p.Id).Select(p => p.Id));
        yield return Seq("order_by_collection_count", c => c.Customers.OrderByDescending(x => x.Orders.Count).ThenBy(x => x.Id).Select(x => x.Id));
        yield return Seq("order_by_string_length", c => c.Customers.OrderBy(x => x.Name.Length).ThenBy(x => x.Id).Select(x => x.Id));
        yield return Seq("order_by_then_by_three", c => c.Orders.OrderBy(o => o.CustomerId).ThenByDescending(o => o.Status).ThenBy(o => o.Id).Select(o => new { o.CustomerId, o.Status, o.Id }));
        yield return Seq("order_by_group_key", c => c.Orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, Count = g.Count() }).OrderByDescending(x => x.Count).ThenBy(x => x.Key));
        yield return Seq("order_by_decimal", c => c.Products.OrderBy(p => p.UnitPrice).ThenBy(p => p.Id).Select(p => p.Id));
        yield return Seq("order_by_decimal_descending", c => c.Orders.OrderByDescending(o => o.Freight).ThenBy(o => o.Id).Select(o => o.Id));
        yield return Seq("order_by_nullable_decimal", c => c.Employees.OrderBy(e => e.Salary).ThenBy(e => e.Id).Select(e => e.Id));
        yield return Seq("order_by_reverse", c => c.Products.OrderBy(p => p.Id).Reverse().Select(p => p.Id));
        yield return Refused("order_by_datetimeoffset", c => c.Orders.OrderBy(o => o.PlacedAt).Select(o => o.Id));
        yield return Refused("order_by_timespan", c => c.Orders.OrderBy(o => o.HandlingTime).ThenBy(o => o.Id).Select(o => o.Id));
    }

    private static IEnumerable<DiffQuery> Paging()
    {
        int skip = 7;
        int take = 5;
        yield return Seq("page_take", c => c.Products.OrderBy(p => p.Id).Take(5).Select(p => p.Id));
        yield return Seq("page_skip", c => c.Products.OrderBy(p => p.Id).Skip(35).Select(p => p.Id));
        yield return Seq("page_skip_take", c => c.Products.OrderBy(p => p.Name).ThenBy(p => p.Id).Skip(10).Take(10).Select(p => p.Id));
        yield return Seq("page_skip_take_parameters", c => c.Orders.OrderBy(o => o.OrderedAt).ThenBy(o => o.Id).Skip(skip).Take(take).Select(o => o.Id));
        yield return Seq("page_take_zero", c => c.Products.OrderBy(p => p.Id).Take(0).Select(p => p.Id));
        yield return Seq("page_skip_beyond_end", c => c.Products.OrderBy(p => p.Id).Skip(1000).Select(p => p.Id));
        yield return Seq("page_take_then_filter", c => c.Products.OrderBy(p => p.Id).Take(20).Where(p => p.UnitsInStock > 30).Select(p => p.Id));
        yield return Seq("page_take_then_order", c => c.Products.OrderBy(p => p.Id).Take(10).OrderByDescending(p => p.UnitsInStock).ThenBy(p => p.Id).Select(p => p.Id));
        yield return Seq("page_distinct_take", c => c.Orders.Select(o => o.CustomerId).Distinct().OrderBy(x => x).Take(5));
        yield return Seq("page_inside_projection", c => c.Customers.OrderBy(x => x.Id).Take(5).Select(x => new { x.Id, Top = x.Orders.OrderByDescending(o => o.Freight).ThenBy(o => o.Id).Select(o => o.Id).Take(2).ToList() }));
        yield return One("page_first", c => c.Orders.OrderBy(o => o.OrderedAt).ThenBy(o => o.Id).Select(o => o.Id).First());
        yield return One("page_last", c => c.Orders.OrderBy(o => o.OrderedAt).ThenBy(o => o.Id).Select(o => o.Id).Last());
        yield return One("page_element_at", c => c.Products.OrderBy(p => p.Id).Select(p => p.Name).ElementAt(6));
        yield return One("page_element_at_or_default_missing", c => c.Products.OrderBy(p => p.Id).Select(p => p.Name).ElementAtOrDefault(100));
        yield return One("page_single_or_default", c => c.Products.Where(p => p.Id == 3).Select(p => p.Name).SingleOrDefault());
        yield return Seq("page_order_by_decimal_take", c => c.Products.OrderByDescending(p => p.UnitPrice).ThenBy(p => p.Id).Take(5).Select(p => new { p.Id, p.UnitPrice }));
    }
}
