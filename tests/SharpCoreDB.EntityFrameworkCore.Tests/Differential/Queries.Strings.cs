using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Strings()
    {
        string part = "ompany 1";
        yield return Set("string_starts_with", c => c.Customers.Where(x => x.Name.StartsWith("The")).Select(x => x.Id));
        yield return Set("string_starts_with_parameter", c => c.Customers.Where(x => x.Name.StartsWith(x.Country.Substring(0, 0) + "the")).Select(x => x.Id));
        yield return Set("string_ends_with", c => c.Customers.Where(x => x.Name.EndsWith("1")).Select(x => x.Id));
        yield return Set("string_contains", c => c.Customers.Where(x => x.Name.Contains("Company 2")).Select(x => x.Id));
        yield return Set("string_contains_parameter", c => c.Customers.Where(x => x.Name.Contains(part)).Select(x => x.Id));
        yield return Set("string_contains_column", c => c.Customers.Where(x => x.Name.Contains(x.Country)).Select(x => x.Id));
        yield return Set("string_to_upper", c => c.Customers.Select(x => new { x.Id, U = x.Name.ToUpper() }));
        yield return Set("string_to_lower", c => c.Customers.Select(x => new { x.Id, L = x.Address.City.ToLower() }));
        yield return Set("string_length", c => c.Customers.Select(x => new { x.Id, x.Name.Length }));
        yield return Set("string_length_filter", c => c.Products.Where(p => p.Name.Length > 7).Select(p => p.Id));
        yield return Set("string_substring", c => c.Customers.Select(x => new { x.Id, S = x.Name.Substring(4, 5) }));
        yield return Set("string_substring_one_arg", c => c.Customers.Select(x => new { x.Id, S = x.Country.Substring(2) }));
        yield return Set("string_index_of", c => c.Customers.Select(x => new { x.Id, I = x.Name.IndexOf("Company") }));
        yield return Set("string_index_of_char_missing", c => c.Customers.Select(x => new { x.Id, I = x.Name.IndexOf("zz") }));
        yield return Set("string_replace", c => c.Customers.Select(x => new { x.Id, R = x.Name.Replace("Company", "Co.") }));
        yield return Set("string_trim", c => c.Customers.Select(x => new { x.Id, T = (" " + x.Country + " ").Trim() }));
        yield return Set("string_trim_start_end", c => c.Customers.Select(x => new { x.Id, A = ("  " + x.Country).TrimStart(), B = (x.Country + "  ").TrimEnd() }));
        yield return Set("string_concat", c => c.Customers.Select(x => new { x.Id, Full = x.Name + ", " + x.Address.City }));
        yield return Set("string_concat_nullable", c => c.Customers.Select(x => new { x.Id, Full = x.Name + x.Email }));
        yield return Set("string_concat_number", c => c.Products.Select(p => new { p.Id, Label = p.Name + "#" + p.Id }));
        yield return Set("string_is_null_or_empty", c => c.Customers.Where(x => string.IsNullOrEmpty(x.Email)).Select(x => x.Id));
        yield return Set("string_is_null_or_white_space", c => c.Customers.Where(x => string.IsNullOrWhiteSpace(x.Address.PostalCode)).Select(x => x.Id));
        yield return Set("string_compare_to", c => c.Customers.Where(x => x.Country.CompareTo("France") > 0).Select(x => x.Id));
        yield return Set("string_compare_static", c => c.Customers.Where(x => string.Compare(x.Country, "Japan") <= 0).Select(x => x.Id));
        yield return Set("string_equals_method", c => c.Customers.Where(x => x.Country.Equals("Norway")).Select(x => x.Id));
        yield return Set("string_like", c => c.Products.Where(p => EF.Functions.Like(p.Name, "%a_ 1%")).Select(p => p.Id));
        yield return Set("string_like_non_ascii", c => c.Customers.Where(x => EF.Functions.Like(x.Address.City, "%ö%")).Select(x => x.Id));
        yield return Set("string_glob", c => c.Products.Where(p => EF.Functions.Glob(p.Name, "C*")).Select(p => p.Id));
        yield return Set("string_first_char", c => c.Customers.Select(x => new { x.Id, First = x.Name.Substring(0, 1) }));
        yield return Set("string_pad_like_concat", c => c.Products.Select(p => new { p.Id, P = ("000" + p.Id).Substring(("000" + p.Id).Length - 3) }));
        yield return Set("string_to_string_int", c => c.Products.Select(p => new { p.Id, S = p.UnitsInStock.ToString() }));
        yield return Set("string_to_string_enum", c => c.Orders.Select(o => new { o.Id, S = o.Status.ToString() }));
        yield return Set("string_to_string_bool", c => c.Products.Select(p => new { p.Id, S = p.Discontinued.ToString() }));
        yield return Set("string_non_ascii_upper", c => c.Customers.Select(x => new { x.Id, U = x.Address.City.ToUpper() }));
        yield return Set("string_in_list", c => c.Customers.Where(x => new[] { "USA", "Brazil" }.Contains(x.Country)).Select(x => x.Id));
        yield return Set("string_nullable_contains", c => c.Orders.Where(o => o.Notes!.Contains("door")).Select(o => o.Id));
        yield return Set("string_nullable_compare", c => c.Orders.Where(o => o.Notes != "Leave at door").Select(o => o.Id));
        yield return Set("string_max_length_group", c => c.Customers.GroupBy(x => x.Country).Select(g => new { g.Key, Longest = g.Max(x => x.Name.Length) }));
        yield return Set("string_char_index", c => c.Customers.Where(x => x.Name.StartsWith("t")).Select(x => x.Id));
        yield return Set("string_case_insensitive_compare", c => c.Customers.Where(x => x.Name.ToLower().StartsWith("the")).Select(x => x.Id));
    }
}
