using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

internal static partial class Queries
{
    private static IEnumerable<DiffQuery> Dates()
    {
        var since = new DateTime(2023, 6, 1);
        var hiredBefore = new DateOnly(2015, 1, 1);
        var earlyShift = new TimeOnly(8, 0);
        var sku = new Guid(3, 0, 3, 1, 2, 3, 4, 5, 6, 7, 3);
        yield return Set("date_gt_constant", c => c.Orders.Where(o => o.OrderedAt > new DateTime(2023, 9, 1)).Select(o => o.Id));
        yield return Set("date_ge_parameter", c => c.Orders.Where(o => o.OrderedAt >= since).Select(o => o.Id));
        yield return Set("date_between", c => c.Orders.Where(o => o.OrderedAt >= since && o.OrderedAt < since.AddMonths(3)).Select(o => o.Id));
        yield return Set("date_nullable_gt_column", c => c.Orders.Where(o => o.ShippedAt > o.OrderedAt.AddDays(5)).Select(o => o.Id));
        yield return Set("date_year", c => c.Orders.Select(o => new { o.Id, o.OrderedAt.Year }));
        yield return Set("date_month_day", c => c.Orders.Select(o => new { o.Id, o.OrderedAt.Month, o.OrderedAt.Day }));
        yield return Set("date_hour_minute_second", c => c.Orders.Select(o => new { o.Id, o.OrderedAt.Hour, o.OrderedAt.Minute, o.OrderedAt.Second }));
        yield return Set("date_millisecond", c => c.Customers.Select(x => new { x.Id, x.CreatedAt.Millisecond }));
        yield return Set("date_day_of_year", c => c.Orders.Select(o => new { o.Id, o.OrderedAt.DayOfYear }));
        yield return Set("date_day_of_week", c => c.Orders.Select(o => new { o.Id, o.OrderedAt.DayOfWeek }));
        yield return Set("date_date_part", c => c.Orders.Select(o => new { o.Id, o.OrderedAt.Date }));
        yield return Set("date_filter_by_date_part", c => c.Orders.Where(o => o.OrderedAt.Date == new DateTime(2023, 3, 14)).Select(o => o.Id));
        yield return Set("date_add_days", c => c.Orders.Select(o => new { o.Id, Due = o.OrderedAt.AddDays(30) }));
        yield return Set("date_add_hours", c => c.Orders.Select(o => new { o.Id, T = o.OrderedAt.AddHours(-3) }));
        yield return Set("date_add_months_years", c => c.Customers.Select(x => new { x.Id, M = x.CreatedAt.AddMonths(2), Y = x.CreatedAt.AddYears(1) }));
        yield return Set("date_add_minutes_seconds", c => c.Customers.Select(x => new { x.Id, M = x.CreatedAt.AddMinutes(90), S = x.CreatedAt.AddSeconds(30) }));
        yield return Set("date_nullable_year", c => c.Orders.Where(o => o.ShippedAt != null).Select(o => new { o.Id, Year = o.ShippedAt!.Value.Year }));
        yield return Set("date_group_day_of_week", c => c.Orders.GroupBy(o => o.OrderedAt.DayOfWeek).Select(g => new { g.Key, Count = g.Count() }));
        yield return Set("date_only_filter", c => c.Employees.Where(e => e.HiredOn < hiredBefore).Select(e => e.Id));
        yield return Set("date_only_filter_constant", c => c.Employees.Where(e => e.HiredOn >= new DateOnly(2016, 6, 1)).Select(e => e.Id));
        yield return Set("date_only_parts", c => c.Employees.Select(e => new { e.Id, e.HiredOn.Year, e.HiredOn.Month, e.HiredOn.Day, e.HiredOn.DayOfYear }));
        yield return Set("date_only_add", c => c.Employees.Select(e => new { e.Id, D = e.HiredOn.AddDays(10), M = e.HiredOn.AddMonths(1), Y = e.HiredOn.AddYears(-1) }));
        yield return Set("date_only_nullable", c => c.Customers.Where(x => x.Birthday < new DateOnly(1975, 1, 1)).Select(x => x.Id));
        yield return Set("date_only_nullable_year", c => c.Customers.Where(x => x.Birthday != null).Select(x => new { x.Id, x.Birthday!.Value.Year }));
        yield return Set("date_only_from_datetime", c => c.Orders.Select(o => new { o.Id, D = DateOnly.FromDateTime(o.OrderedAt) }));
        yield return Set("time_only_filter", c => c.Employees.Where(e => e.ShiftStart < earlyShift).Select(e => e.Id));
        yield return Set("time_only_parts", c => c.Employees.Select(e => new { e.Id, e.ShiftStart.Hour, e.ShiftStart.Minute, e.ShiftStart.Second }));
        yield return Set("time_only_add_hours", c => c.Employees.Select(e => new { e.Id, T = e.ShiftStart.AddHours(8) }));
        yield return Set("time_only_from_datetime", c => c.Orders.Select(o => new { o.Id, T = TimeOnly.FromDateTime(o.OrderedAt) }));
        yield return Set("timespan_equals_constant", c => c.Orders.Where(o => o.HandlingTime == TimeSpan.Zero).Select(o => o.Id));
        yield return Set("timespan_not_equals_constant", c => c.Orders.Where(o => o.HandlingTime != TimeSpan.Zero).Select(o => o.Id));
        yield return Refused("datetimeoffset_equals", c => c.Orders.Where(o => o.PlacedAt == new DateTimeOffset(o.OrderedAt, TimeSpan.Zero)).Select(o => o.Id));
        yield return Set("datetimeoffset_project", c => c.Orders.Where(o => o.Id < 30).Select(o => new { o.Id, o.PlacedAt }));
        yield return Set("guid_parameter", c => c.Products.Where(p => p.Sku == sku).Select(p => p.Id));
        yield return Refused("guid_new_guid_not_equal", c => c.Products.Where(p => p.Sku != Guid.NewGuid()).Select(p => p.Id));
        yield return Refused("datetimeoffset_greater_than", c => c.Orders.Where(o => o.PlacedAt > new DateTimeOffset(2023, 6, 1, 0, 0, 0, TimeSpan.Zero)).Select(o => o.Id).ToList());
        yield return Refused("timespan_greater_than", c => c.Orders.Where(o => o.HandlingTime > TimeSpan.FromHours(10)).Select(o => o.Id).ToList());
        yield return Refused("timespan_max", c => c.Orders.Max(o => o.HandlingTime));
        yield return Refused("date_subtract_days", c => c.Orders.Select(o => (o.ShippedAt!.Value - o.OrderedAt).TotalDays).ToList());
    }
}
