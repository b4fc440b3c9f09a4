namespace SharpCoreDB.Benchmarks.Reporting;

/// <summary>
/// A run's report as written next to its summary (<c>rows.json</c>), so that <c>--redraw</c> can rebuild the summary and
/// the charts without running anything again.
/// </summary>
/// <param name="Header">The summary's header (machine, date, job).</param>
/// <param name="Rows">The cases with a result.</param>
/// <param name="Failed">The cases without one.</param>
/// <param name="Notes">Notes the benchmarks recorded.</param>
internal sealed record SavedReport(string Header, List<ResultRow> Rows, List<string> Failed, List<string> Notes);
