using System.Diagnostics;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Sql;

/// <summary>Every SQL statement of a slice of the sqllogictest corpus parses (and round-trips through the printer).</summary>
public sealed class CorpusTests
{
    private readonly ITestOutputHelper _output;

    public CorpusTests(ITestOutputHelper output)
    {
        _output = output;
    }

    [CorpusFact]
    public void Select1_statements_parse() => AssertFileParses("select1.test", minimumRecords: 1000);

    [CorpusFact]
    public void Select2_statements_parse() => AssertFileParses("select2.test", minimumRecords: 1000);

    [CorpusFact]
    public void Select3_statements_parse() => AssertFileParses("select3.test", minimumRecords: 3000);

    [CorpusFact]
    public void Random_expr_statements_parse() => AssertFileParses(Path.Combine("random", "expr", "slt_good_0.test"), minimumRecords: 3000);

    [CorpusFact]
    public void Evidence_statements_parse()
    {
        string folder = Path.Combine(SqlLogicTestCorpus.Root!, "test", "evidence");
        string[] files = Directory.GetFiles(folder, "*.test");
        Assert.NotEmpty(files);
        foreach (string file in files)
        {
            AssertFileParses(Path.GetRelativePath(Path.Combine(SqlLogicTestCorpus.Root!, "test"), file), minimumRecords: 5);
        }
    }

    private void AssertFileParses(string relativePath, int minimumRecords)
    {
        string path = Path.Combine(SqlLogicTestCorpus.Root!, "test", relativePath);
        List<CorpusRecord> records = SqlLogicTestCorpus.ReadRecords(path);
        Assert.True(records.Count >= minimumRecords, $"{relativePath}: only {records.Count} records read; the reader is broken");

        var failures = new List<string>();
        int statements = 0;
        int rejected = 0;
        var clock = Stopwatch.StartNew();
        foreach (CorpusRecord record in records)
        {
            try
            {
                var parsed = SqlParser.ParseAll(record.Sql);
                if (parsed.IsEmpty)
                {
                    failures.Add($"{relativePath}:{record.Line}: no statement in: {record.Sql}");
                    continue;
                }

                foreach (Statement statement in parsed)
                {
                    SqlAssert.CanonicalOf(statement, record.Sql);
                    statements++;
                }
            }
            catch (SharpCoreDBException ex) when (record.ExpectError)
            {
                // "statement error" records may fail anywhere, including the parser; only the type matters.
                Assert.Equal(SharpCoreDBErrorCode.SyntaxError, ex.ErrorCode);
                rejected++;
            }
            catch (Exception ex) when (ex is SharpCoreDBException or Xunit.Sdk.XunitException)
            {
                failures.Add($"{relativePath}:{record.Line}: {ex.Message}\n    {record.Sql}");
            }
        }

        _output.WriteLine($"{relativePath}: {records.Count} records, {statements} statements parsed and round-tripped, {rejected} 'statement error' records rejected by the parser, {clock.ElapsedMilliseconds} ms");
        Assert.True(failures.Count == 0, $"{failures.Count} statements failed:\n" + string.Join('\n', failures.Take(20)));
    }
}
