using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>
/// The JSON differential query list: querying into JSON columns (owned types, an owned collection, a complex type),
/// primitive collections (Contains, Count, element access, Any, ordering of elements, aggregates) and collection
/// parameters, which EF sends as one JSON array read with json_each.
/// </summary>
internal static class JsonQueries
{
    public static readonly IReadOnlyList<JsonQuery> All = [.. Create()];

    public static readonly IReadOnlyDictionary<string, JsonQuery> ByName = All.ToDictionary(q => q.Name, StringComparer.Ordinal);

    private static JsonQuery Set<T>(string name, Func<JsonContext, IQueryable<T>> query) =>
        new(name, c => query(c).ToList(), Ordered: false);

    private static JsonQuery Seq<T>(string name, Func<JsonContext, IQueryable<T>> query) =>
        new(name, c => query(c).ToList(), Ordered: true);

    private static JsonQuery One<T>(string name, Func<JsonContext, T> query) =>
        new(name, c => query(c), Ordered: true);

    /// <summary>A query EF's SQLite provider refuses (SQL APPLY, or its shaper fails on a NULL JSON column); ours may too.</summary>
    private static JsonQuery Refused<T>(string name, Func<JsonContext, IQueryable<T>> query) =>
        new(name, c => query(c).ToList(), Ordered: false, RefusedBySqlite: true);

    private static IEnumerable<JsonQuery> Create()
    {
        List<int> ids = [2, 3, 5, 8, 13, 21, 34];
        int[] noIds = [];
        List<string> names = ["Shop 4", "Shop 9", "nobody"];
        List<string> tagsWanted = ["cheap", "café", "late \"night\""];
        string tag = "Vegan";
        int index = 1;
        string city = "São Paulo";

        // Whole entities: the JSON columns and primitive collections materialize.
        yield return Seq("json_load_all", c => c.Shops.AsNoTracking().OrderBy(s => s.Id));
        yield return Seq("json_load_tracked", c => c.Shops.OrderBy(s => s.Id));
        yield return Seq("json_project_owned", c => c.Shops.AsNoTracking().OrderBy(s => s.Id).Select(s => s.Profile));
        yield return Seq("json_project_owned_nested", c => c.Shops.AsNoTracking().OrderBy(s => s.Id).Select(s => s.Profile!.Contact));
        yield return Seq("json_project_owned_collection", c => c.Shops.AsNoTracking().OrderBy(s => s.Id).Select(s => s.Reviews));
        yield return Seq("json_project_complex", c => c.Shops.OrderBy(s => s.Id).Select(s => s.Location));

        // Owned type in a JSON column: filters, projections, ordering, NULL columns.
        yield return Set("json_filter_owned_int", c => c.Shops.Where(s => s.Profile!.Rating >= 4).Select(s => s.Id));
        yield return Set("json_filter_owned_bool", c => c.Shops.Where(s => s.Profile!.Verified).Select(s => s.Id));
        yield return Set("json_filter_owned_not_bool", c => c.Shops.Where(s => !s.Profile!.Verified).Select(s => s.Id));
        yield return Set("json_filter_owned_string", c => c.Shops.Where(s => s.Profile!.Owner.StartsWith("Owner A") || s.Profile.Owner == "Owner Q").Select(s => s.Id));
        yield return Set("json_filter_nested", c => c.Shops.Where(s => s.Profile!.Contact.City == "Oslo").Select(s => s.Id));
        yield return Set("json_filter_nested_parameter", c => c.Shops.Where(s => s.Profile!.Contact.City == city).Select(s => s.Id));
        yield return Set("json_filter_nested_null", c => c.Shops.Where(s => s.Profile!.Contact.Email == null).Select(s => s.Id));
        yield return Set("json_filter_decimal", c => c.Shops.Where(s => s.Profile!.Budget > 5000m).Select(s => s.Id));
        yield return Set("json_filter_decimal_null", c => c.Shops.Where(s => s.Profile != null && s.Profile.Budget == null).Select(s => s.Id));
        yield return Set("json_filter_column_null", c => c.Shops.Where(s => s.Profile == null).Select(s => s.Id));
        yield return Set("json_filter_column_not_null", c => c.Shops.Where(s => s.Profile != null).Select(s => s.Id));
        yield return Refused("json_project_scalars", c => c.Shops.Select(s => new { s.Id, s.Profile!.Owner, s.Profile.Rating, s.Profile.Verified, s.Profile.Budget }));
        yield return Set("json_project_nested_scalars", c => c.Shops.Select(s => new { s.Id, s.Profile!.Contact.City, s.Profile.Contact.Email }));
        yield return Seq("json_order_by_owned", c => c.Shops.OrderBy(s => s.Profile!.Rating).ThenByDescending(s => s.Profile!.Contact.City).ThenBy(s => s.Id).Select(s => s.Id));
        yield return Seq("json_order_by_decimal", c => c.Shops.OrderBy(s => s.Profile!.Budget).ThenBy(s => s.Id).Select(s => new { s.Id, s.Profile!.Budget }));
        yield return Refused("json_group_by_owned", c => c.Shops.GroupBy(s => s.Profile!.Contact.City).Select(g => new { g.Key, Count = g.Count(), Max = g.Max(s => s.Profile!.Rating) }));
        yield return One("json_sum_owned", c => c.Shops.Sum(s => s.Profile!.Rating));
        yield return Set("json_filter_owned_aliases_contains", c => c.Shops.Where(s => s.Profile!.Aliases.Contains("cosy")).Select(s => s.Id));
        yield return Set("json_project_owned_aliases_count", c => c.Shops.Where(s => s.Profile != null).Select(s => new { s.Id, Count = s.Profile!.Aliases.Count }));

        // Owned collection in a JSON column.
        yield return Set("json_collection_any", c => c.Shops.Where(s => s.Reviews.Any(r => r.Stars >= 4)).Select(s => s.Id));
        yield return Set("json_collection_all", c => c.Shops.Where(s => s.Reviews.All(r => r.Stars > 1)).Select(s => s.Id));
        yield return Set("json_collection_count", c => c.Shops.Select(s => new { s.Id, Count = s.Reviews.Count }));
        yield return Set("json_collection_count_predicate", c => c.Shops.Where(s => s.Reviews.Count(r => r.At.Month > 6) >= 1).Select(s => s.Id));
        yield return Set("json_collection_index", c => c.Shops.Where(s => s.Reviews.Count > 0).Select(s => new { s.Id, s.Reviews[0].Author, s.Reviews[0].Stars }));
        yield return Set("json_collection_index_parameter", c => c.Shops.Where(s => s.Reviews.Count > index).Select(s => new { s.Id, s.Reviews[index].Author }));
        yield return Set("json_collection_max", c => c.Shops.Where(s => s.Reviews.Any()).Select(s => new { s.Id, Best = s.Reviews.Max(r => r.Stars), Average = s.Reviews.Average(r => r.Stars) }));
        yield return Set("json_collection_order_first", c => c.Shops.Select(s => new { s.Id, First = s.Reviews.OrderBy(r => r.At).Select(r => r.Author).FirstOrDefault() }));
        yield return Refused("json_collection_select_many", c => c.Shops.SelectMany(s => s.Reviews.Where(r => r.Stars == 5), (s, r) => new { s.Id, r.Author, r.At }));
        yield return Refused("json_collection_project_filtered", c => c.Shops.AsNoTracking().Select(s => new { s.Id, Good = s.Reviews.Where(r => r.Stars >= 3).ToList() }));
        yield return Set("json_collection_date_filter", c => c.Shops.Where(s => s.Reviews.Any(r => r.At > new DateTime(2024, 6, 1))).Select(s => s.Id));

        // Complex type in a JSON column.
        yield return Set("json_complex_filter", c => c.Shops.Where(s => s.Location.Latitude > 10).Select(s => s.Id));
        yield return Set("json_complex_null_member", c => c.Shops.Where(s => s.Location.Label == null).Select(s => s.Id));
        yield return Seq("json_complex_order", c => c.Shops.OrderBy(s => s.Location.Longitude).Select(s => new { s.Id, s.Location.Label }));

        // Primitive collections.
        yield return Set("prim_contains_constant", c => c.Shops.Where(s => s.Tags.Contains("cheap")).Select(s => s.Id));
        yield return Set("prim_contains_parameter", c => c.Shops.Where(s => s.Tags.Contains(tag)).Select(s => s.Id));
        yield return Set("prim_contains_escaped", c => c.Shops.Where(s => s.Tags.Contains("late \"night\"") || s.Tags.Contains("back\\slash") || s.Tags.Contains("tab\there")).Select(s => s.Id));
        yield return Set("prim_contains_unicode", c => c.Shops.Where(s => s.Tags.Contains("Ünïcode ✓") || s.Tags.Contains("café")).Select(s => s.Id));
        yield return Set("prim_contains_empty_string", c => c.Shops.Where(s => s.Tags.Contains("")).Select(s => s.Id));
        yield return Set("prim_int_contains", c => c.Shops.Where(s => s.Scores.Contains(-3)).Select(s => s.Id));
        yield return Set("prim_count", c => c.Shops.Select(s => new { s.Id, Tags = s.Tags.Count, Scores = s.Scores.Length }));
        yield return Set("prim_count_filter", c => c.Shops.Where(s => s.Tags.Count >= 3).Select(s => s.Id));
        yield return Set("prim_count_predicate", c => c.Shops.Where(s => s.Scores.Count(x => x > 5) >= 2).Select(s => s.Id));
        yield return Set("prim_empty", c => c.Shops.Where(s => !s.Tags.Any()).Select(s => s.Id));
        yield return Set("prim_any", c => c.Shops.Where(s => s.Scores.Any()).Select(s => s.Id));
        yield return Set("prim_any_predicate", c => c.Shops.Where(s => s.Tags.Any(t => t.StartsWith("c"))).Select(s => s.Id));
        yield return Set("prim_any_predicate_int", c => c.Shops.Where(s => s.Scores.Any(x => x < 0)).Select(s => s.Id));
        yield return Set("prim_all_predicate", c => c.Shops.Where(s => s.Scores.All(x => x >= 0)).Select(s => s.Id));
        yield return Set("prim_index_constant", c => c.Shops.Where(s => s.Tags.Count > 0).Select(s => new { s.Id, First = s.Tags[0] }));
        yield return Set("prim_index_filter", c => c.Shops.Where(s => s.Scores[0] > 3).Select(s => s.Id));
        yield return Set("prim_index_parameter", c => c.Shops.Where(s => s.Tags.Count > index).Select(s => new { s.Id, Second = s.Tags[index] }));
        yield return Set("prim_index_out_of_range", c => c.Shops.Select(s => new { s.Id, Tenth = s.Tags.ElementAtOrDefault(9) }));
        yield return Set("prim_element_at_last", c => c.Shops.Where(s => s.Scores.Length > 0).Select(s => new { s.Id, Last = s.Scores[s.Scores.Length - 1] }));
        yield return Set("prim_order_elements_first", c => c.Shops.Where(s => s.Tags.Count > 0).Select(s => new { s.Id, Min = s.Tags.OrderBy(t => t).First() }));
        yield return Set("prim_order_elements_desc", c => c.Shops.Where(s => s.Scores.Length > 0).Select(s => new { s.Id, Top = s.Scores.OrderByDescending(x => x).First() }));
        yield return Refused("prim_order_elements_list", c => c.Shops.Select(s => new { s.Id, Sorted = s.Scores.OrderBy(x => x).ToList() }));
        yield return Set("prim_skip_take", c => c.Shops.Select(s => new { s.Id, Middle = s.Scores.Skip(1).Take(2).Count() }));
        yield return Set("prim_distinct_count", c => c.Shops.Select(s => new { s.Id, Distinct = s.Tags.Distinct().Count() }));
        yield return Set("prim_aggregates", c => c.Shops.Where(s => s.Scores.Length > 0).Select(s => new { s.Id, Sum = s.Scores.Sum(), Max = s.Scores.Max(), Min = s.Scores.Min(), Average = s.Scores.Average() }));
        yield return Refused("prim_where_project", c => c.Shops.Select(s => new { s.Id, Positive = s.Scores.Where(x => x > 0).ToArray() }));
        yield return Refused("prim_select_many", c => c.Shops.SelectMany(s => s.Tags, (s, t) => new { s.Id, Tag = t }));
        yield return Refused("prim_group_elements", c => c.Shops.SelectMany(s => s.Tags).GroupBy(t => t).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("prim_date_contains", c => c.Shops.Where(s => s.Holidays.Contains(new DateOnly(2024, 5, 17))).Select(s => s.Id));
        yield return Set("prim_date_any", c => c.Shops.Where(s => s.Holidays.Any(d => d.Month == 12)).Select(s => s.Id));
        yield return Set("prim_intersect_parameter", c => c.Shops.Where(s => s.Tags.Intersect(tagsWanted).Any()).Select(s => s.Id));
        yield return Set("prim_contains_column", c => c.Shops.Where(s => s.Tags.Contains(s.Name)).Select(s => s.Id));
        yield return Set("prim_project_whole", c => c.Shops.Select(s => new { s.Id, s.Tags, s.Scores, s.Holidays }));

        // Collection parameters: EF sends one JSON array and reads it with json_each.
        yield return Set("param_ids_contains", c => c.Shops.Where(s => ids.Contains(s.Id)).Select(s => s.Name));
        yield return Set("param_ids_not_contains", c => c.Shops.Where(s => !ids.Contains(s.Id)).Select(s => s.Id));
        yield return Set("param_ids_empty", c => c.Shops.Where(s => noIds.Contains(s.Id)).Select(s => s.Id));
        yield return Set("param_names_contains", c => c.Shops.Where(s => names.Contains(s.Name)).Select(s => s.Id));
        yield return Set("param_strings_contains_escaped", c => c.Shops.Where(s => s.Tags.Any(t => tagsWanted.Contains(t))).Select(s => s.Id));
        yield return Set("param_ids_join", c => c.Shops.Where(s => ids.Where(i => i > 10).Contains(s.Id)).Select(s => s.Id));
        // EF 10 expands a collection parameter into one parameter per element unless told otherwise: EF.Parameter
        // sends the whole list as one JSON array parameter, read with json_each (the EF 8/9 default).
        yield return Set("param_json_array_contains", c => c.Shops.Where(s => EF.Parameter(ids).Contains(s.Id)).Select(s => s.Name));
        yield return Set("param_json_array_strings", c => c.Shops.Where(s => EF.Parameter(names).Contains(s.Name)).Select(s => s.Id));
        yield return Set("param_json_array_empty", c => c.Shops.Where(s => EF.Parameter(noIds).Contains(s.Id)).Select(s => s.Id));
        yield return Set("param_json_array_count", c => c.Shops.Where(s => EF.Parameter(ids).Count(i => i > s.Id) > 3).Select(s => s.Id));
        yield return Set("param_json_array_index", c => c.Shops.Where(s => s.Id == EF.Parameter(ids)[index]).Select(s => s.Id));
        yield return Set("param_json_array_against_column", c => c.Shops.Where(s => EF.Parameter(tagsWanted).Any(t => s.Tags.Contains(t))).Select(s => s.Id));
        yield return One("param_ids_count", c => c.Shops.Count(s => ids.Contains(s.Id) && s.Profile != null));
    }
}
