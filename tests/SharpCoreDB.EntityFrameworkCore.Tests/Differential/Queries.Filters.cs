using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Filters()
    {
        int minStock = 50;
        string country = "France";
        int[] ids = [1, 3, 5, 7, 11, 13];
        var tier = CustomerTier.Gold;
        yield return Set("filter_int_constant", c => c.Products.Where(p => p.UnitsInStock > 40).Select(p => p.Id));
        yield return Set("filter_int_parameter", c => c.Products.Where(p => p.UnitsInStock >= minStock).Select(p => p.Id));
        yield return Set("filter_bool", c => c.Products.Where(p => p.Discontinued).Select(p => p.Id));
        yield return Set("filter_not_bool", c => c.Products.Where(p => !p.Discontinued).Select(p => p.Id));
        yield return Set("filter_and_or", c => c.Products.Where(p => (p.UnitsInStock < 20 || p.UnitsInStock > 100) && !p.Discontinued).Select(p => p.Id));
        yield return Set("filter_string_equals", c => c.Customers.Where(x => x.Country == "Germany").Select(x => x.Id));
        yield return Set("filter_string_parameter", c => c.Customers.Where(x => x.Country == country).Select(x => x.Id));
        yield return Set("filter_string_not_equals", c => c.Customers.Where(x => x.Country != "USA").Select(x => x.Id));
        yield return Set("filter_null", c => c.Customers.Where(x => x.Email == null).Select(x => x.Id));
        yield return Set("filter_not_null", c => c.Customers.Where(x => x.Email != null).Select(x => x.Id));
        yield return Set("filter_nullable_double_gt", c => c.Products.Where(p => p.Weight > 5).Select(p => p.Id));
        yield return Set("filter_nullable_double_not_eq", c => c.Products.Where(p => p.Weight != 2.5).Select(p => p.Id));
        yield return Set("filter_nullable_int_fk", c => c.Orders.Where(o => o.EmployeeId == null).Select(o => o.Id));
        yield return Set("filter_nullable_int_value", c => c.Orders.Where(o => o.EmployeeId == 3).Select(o => o.Id));
        yield return Set("filter_contains_list", c => c.Products.Where(p => ids.Contains(p.Id)).Select(p => p.Name));
        yield return Set("filter_not_contains_list", c => c.Products.Where(p => !ids.Contains(p.CategoryId)).Select(p => p.Id));
        yield return Set("filter_enum_constant", c => c.Customers.Where(x => x.Tier == CustomerTier.Silver).Select(x => x.Id));
        yield return Set("filter_enum_parameter", c => c.Customers.Where(x => x.Tier == tier).Select(x => x.Id));
        yield return Set("filter_enum_compare", c => c.Orders.Where(o => o.Status >= OrderStatus.Delivered).Select(o => o.Id));
        yield return Set("filter_owned_property", c => c.Customers.Where(x => x.Address.City == "Berlin").Select(x => x.Id));
        yield return Set("filter_owned_null", c => c.Customers.Where(x => x.Address.PostalCode == null).Select(x => x.Id));
        yield return Set("filter_guid_equals_constant", c => c.Orders.Where(o => o.TrackingId == new Guid(5, 0, 7, 8, 9, 10, 11, 12, 13, 14, 5)).Select(o => o.Id));
        yield return Set("filter_guid_equals_column", c => c.Orders.Where(o => o.TrackingId != Guid.Empty).Select(o => o.Id));
        yield return Set("filter_navigation", c => c.Orders.Where(o => o.Customer.Country == "Japan").Select(o => o.Id));
        yield return Set("filter_navigation_nullable", c => c.Orders.Where(o => o.Employee!.Title == "Manager").Select(o => o.Id));
        yield return Set("filter_self_reference", c => c.Employees.Where(e => e.Manager!.Name.StartsWith("Employee")).Select(e => e.Id));
        yield return Set("filter_collection_any", c => c.Customers.Where(x => x.Orders.Any(o => o.Status == OrderStatus.Cancelled)).Select(x => x.Id));
        yield return Set("filter_collection_all", c => c.Customers.Where(x => x.Orders.All(o => o.Freight > 10m)).Select(x => x.Id));
        yield return Set("filter_collection_count", c => c.Customers.Where(x => x.Orders.Count > 5).Select(x => x.Id));
        yield return Set("filter_many_to_many", c => c.Products.Where(p => p.Tags.Any(t => t.Label == "tag-cajun")).Select(p => p.Id));
        yield return Set("filter_arithmetic", c => c.OrderLines.Where(l => l.Quantity * 2 + 1 > 40).Select(l => l.Id));
        yield return Set("filter_modulo", c => c.Products.Where(p => p.Id % 3 == 1).Select(p => p.Id));
        yield return Set("filter_ternary", c => c.Products.Where(p => (p.Discontinued ? 0 : p.UnitsInStock) > 30).Select(p => p.Id));
        yield return Set("filter_coalesce", c => c.Products.Where(p => (p.Weight ?? 0) < 1).Select(p => p.Id));
        yield return Set("filter_double_discount", c => c.OrderLines.Where(l => l.Discount > 0.1).Select(l => l.Id));
        yield return Set("filter_chained_where", c => c.Products.Where(p => p.UnitsInStock > 10).Where(p => p.CategoryId == 2).Select(p => p.Id));
        yield return Set("filter_char_predicate_like", c => c.Customers.Where(x => EF.Functions.Like(x.Name, "the%")).Select(x => x.Id));
        yield return Set("filter_nullable_date_has_value", c => c.Orders.Where(o => o.ShippedAt.HasValue).Select(o => o.Id));
        yield return Set("filter_nullable_decimal", c => c.Employees.Where(e => e.Salary > 45000m).Select(e => e.Id));
        yield return Set("filter_nullable_decimal_null", c => c.Employees.Where(e => e.Salary == null).Select(e => e.Id));
        yield return One("filter_count", c => c.Orders.Count(o => o.Status == OrderStatus.Shipped));
        yield return One("filter_long_count", c => c.OrderLines.LongCount(l => l.Quantity > 10));
        yield return One("filter_any", c => c.Products.Any(p => p.UnitsInStock == 0));
        yield return One("filter_all", c => c.Products.All(p => p.UnitPrice >= 0m));
        yield return One("filter_first_or_default_missing", c => c.Customers.Where(x => x.Id == -1).Select(x => x.Name).FirstOrDefault());
        yield return One("filter_single", c => c.Customers.Where(x => x.Id == 7).Select(x => x.Name).Single());
        yield return One("filter_find_like", c => c.Products.AsNoTracking().Where(p => p.Id == 12).Select(p => new { p.Name, p.UnitPrice, p.Sku }).First());
    }
}
