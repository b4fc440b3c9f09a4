using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// Every scalar function, operator and cast called with seeded random awkward values (infinities, integer extremes,
/// malformed JSON and paths, invalid UTF-8, lone surrogates, huge sizes): a bad value may fail the statement, but
/// only with a <see cref="SharpCoreDBException"/> carrying a code, never with another exception type.
/// </summary>
public sealed class BadValueFuzzTests
{
    private static readonly string[] s_values =
    [
        "NULL", "0", "1", "-1", "2", "3", "100", "9223372036854775807", "-9223372036854775808", "(-9223372036854775807 - 1)",
        "4294967296", "2147483648", "-2147483649", "1e999", "-1e999", "1e308", "-1e308", "5e-324", "0.0", "-0.0", "0.5", "1e18",
        "''", "' '", "'abc'", "'%'", "'_'", "'%s%d%z%n%.*f'", "'%*d'", "'%2000000000d'", "'%.2000000000f'", "'\uD800'", "'a\uDC00b'",
        "x''", "x'ff'", "x'fe'", "x'c3'", "x'80'", "x'00'", "x'f09f98'", "zeroblob(3)", "'1e999'", "'-1e999'",
        "'9223372036854775808'", "'0x7fffffffffffffff'", "'{}'", "'[]'", "'{\"a\":'", "'[1e999]'", "'{\"a\":1e999}'",
        "'[\"\\ud800\"]'", "'\"\\udc00\"'", "'{\"\\ud800\":1}'", "'[9.0e+999]'", "'[-0]'", "'[1,[2,[3]]]'", "'{\"a\":{\"b\":[1,2]}}'",
        "'$'", "'$.a'", "'$[0]'", "'$[#]'", "'$[#-1]'", "'$[#-9223372036854775807]'", "'$[9223372036854775807]'", "'$.a.b[0]'",
        "'$[-1]'", "'$.\"'", "'$['", "'now'", "'2024-02-29'", "'10:30'", "'+9999999 days'", "'-9223372036854775808 seconds'",
        "'9999-12-31 23:59:59.999'", "'0000-01-01'", "'unixepoch'", "'start of month'", "'weekday 7'", "'subsec'",
        "'%Y-%m-%d %H:%M:%f %j %J %s %w %U %V %G'", "'0.000000001'", "'1e-400'", "char(55296)", "char(1114112)", "char(-1)",
        "json('[1,2]')", "json_object('a', 1e999)", "printf('%.1000f', 1e308)",
    ];

    [Fact]
    public void Every_function_with_awkward_arguments_fails_only_with_sharpcoredb_exceptions()
    {
        int seed = StressScale.Seed(20261127);
        var random = new Random(seed);
        using var db = new EngineHarness(new DatabaseOptions { DataSource = DatabaseOptions.MemoryDataSource, MaxLength = 1_000_000 });
        var functions = new List<ScalarFunction>(ScalarFunctions.All);
        functions.RemoveAll(f => !char.IsAsciiLetter(f.Name[0]) || f.Name == "sleep");
        functions.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
        int rounds = StressScale.Cases(40);
        foreach (ScalarFunction function in functions)
        {
            int max = Math.Min(function.MaxArguments, function.MinArguments + 4);
            for (int round = 0; round < rounds; round++)
            {
                int count = random.Next(function.MinArguments, max + 1);
                var sql = new StringBuilder("SELECT ").Append(function.Name).Append('(');
                for (int i = 0; i < count; i++)
                {
                    sql.Append(i > 0 ? ", " : string.Empty).Append(Argument(random, functions));
                }

                Run(db, sql.Append(')').ToString(), seed);
            }
        }

        string[] operators = ["||", "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "=", "<", "IS", "LIKE", "GLOB", "->", "->>"];
        string[] types = ["TEXT", "BLOB", "INTEGER", "REAL", "NUMERIC", "DATETIME", "GUID", "DECIMAL", "BOOLEAN"];
        for (int round = 0; round < rounds * 20; round++)
        {
            Run(db, $"SELECT {Value(random)} {operators[random.Next(operators.Length)]} {Value(random)}", seed);
            Run(db, $"SELECT CAST({Value(random)} AS {types[random.Next(types.Length)]})", seed);
            Run(db, $"SELECT -({Value(random)}), ~({Value(random)}), abs({Value(random)})", seed);
        }
    }

    private static string Value(Random random) => s_values[random.Next(s_values.Length)];

    // Mostly a value, sometimes another function's result over values (so results feed functions too).
    private static string Argument(Random random, List<ScalarFunction> functions)
    {
        if (random.Next(5) != 0)
        {
            return Value(random);
        }

        ScalarFunction inner = functions[random.Next(functions.Count)];
        int count = random.Next(inner.MinArguments, Math.Min(inner.MaxArguments, inner.MinArguments + 2) + 1);
        var call = new StringBuilder(inner.Name).Append('(');
        for (int i = 0; i < count; i++)
        {
            call.Append(i > 0 ? ", " : string.Empty).Append(Value(random));
        }

        return call.Append(')').ToString();
    }

    private static void Run(EngineHarness db, string sql, int seed)
    {
        try
        {
            db.Query(sql);
        }
        catch (SharpCoreDBException)
        {
            // A bad value may fail the statement; with a code, it is the error this test allows.
        }
        catch (Exception e)
        {
            Assert.Fail($"seed {seed}: {sql} threw {e.GetType().FullName}: {e.Message}");
        }
    }
}
