using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class CastAndAffinityDifferentialTests : IDisposable
{
    private static readonly int s_cases = StressScale.Cases(4000);

    private static readonly string[] s_typeNames =
    [
        "INTEGER", "INT", "BIGINT", "TINYINT", "UNSIGNED BIG INT", "INT8", "VARCHAR(20)", "NVARCHAR", "CHARACTER(3)",
        "TEXT", "CLOB", "BLOB", "REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT", "FLOATING POINT", "NUMERIC",
        "DECIMAL(10,5)", "BOOLEAN", "DATE", "DATETIME", "GUID", "STRING", "CHARINT", "TEXTBLOB", "BLOBTEXT",
        "REALCHAR", "POINT", "intEGER", "Varchar", "xyz", "BLOBREAL", "DOUBLEBLOB", "b l o b", "INTERVAL",
    ];

    private readonly SqliteOracle _sqlite = new();

    public CastAndAffinityDifferentialTests()
    {
        _sqlite.Execute("CREATE TABLE t(ci INTEGER, cr REAL, cn NUMERIC, ct TEXT, cb BLOB, cx)");
        _sqlite.Execute("INSERT INTO t VALUES (NULL, NULL, NULL, NULL, NULL, NULL)");
    }

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void Cast_matches_sqlite_for_every_target_type()
    {
        int seed = StressScale.Seed(2000);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        Affinity[] targets = [Affinity.Integer, Affinity.Real, Affinity.Numeric, Affinity.Text, Affinity.Blob];
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            OracleRow row = _sqlite.Query(
                "SELECT CAST(?1 AS INTEGER), CAST(?1 AS REAL), CAST(?1 AS NUMERIC), CAST(?1 AS TEXT), CAST(?1 AS BLOB)", a);
            for (int t = 0; t < targets.Length; t++)
            {
                Affinity target = targets[t];
                runner.Check("CAST AS " + target, [a], row, t, () => SqlCast.Cast(a, target));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Column_affinity_on_insert_matches_sqlite()
    {
        int seed = StressScale.Seed(2001);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        Affinity[] columns = [Affinity.Integer, Affinity.Real, Affinity.Numeric, Affinity.Text, Affinity.Blob, Affinity.Blob];
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            _sqlite.Execute("UPDATE t SET ci = ?1, cr = ?1, cn = ?1, ct = ?1, cb = ?1, cx = ?1", a);
            OracleRow row = _sqlite.Query("SELECT ci, cr, cn, ct, cb, cx FROM t");
            for (int c = 0; c < columns.Length; c++)
            {
                Affinity affinity = columns[c];
                runner.Check("store into " + affinity, [a], row, c, () => AffinityRules.ApplyAffinity(a, affinity));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Type_name_affinity_matches_sqlite_columns_and_casts()
    {
        // '12' and 3.0 stored into a column tell the five affinities apart except INTEGER from NUMERIC;
        // CAST('3.5' AS type) tells those two apart.
        SqlValue[] probes = [SqlValue.FromText("12"), SqlValue.FromDouble(3.0), SqlValue.FromText("3.5")];
        int n = 0;
        foreach (string typeName in s_typeNames)
        {
            string table = "ty" + n++;
            _sqlite.Execute($"CREATE TABLE {table}(c {typeName})");
            Affinity affinity = AffinityRules.FromTypeName(typeName);
            foreach (SqlValue probe in probes)
            {
                _sqlite.Execute($"DELETE FROM {table}");
                _sqlite.Execute($"INSERT INTO {table} VALUES (?1)", probe);
                SqlValue stored = _sqlite.Scalar($"SELECT c FROM {table}");
                SqlValue ours = AffinityRules.ApplyAffinity(probe, affinity);
                Assert.True(ValueAssert.Same(stored, ours), $"{typeName} ({affinity}) stores {ValueAssert.Show(probe)} as {ValueAssert.Show(stored)}, ours {ValueAssert.Show(ours)}");

                SqlValue cast = _sqlite.Scalar($"SELECT CAST(?1 AS {typeName})", probe);
                SqlValue ourCast = SqlCast.Cast(probe, typeName);
                Assert.True(ValueAssert.Same(cast, ourCast), $"CAST({ValueAssert.Show(probe)} AS {typeName}) is {ValueAssert.Show(cast)}, ours {ValueAssert.Show(ourCast)}");
            }
        }
    }

    [Fact]
    public void Type_names_follow_the_five_rules_in_order()
    {
        Assert.Equal(Affinity.Integer, AffinityRules.FromTypeName("FLOATING POINT"));
        Assert.Equal(Affinity.Text, AffinityRules.FromTypeName("VARCHAR(255)"));
        Assert.Equal(Affinity.Blob, AffinityRules.FromTypeName(string.Empty));
        Assert.Equal(Affinity.Blob, AffinityRules.FromTypeName((string?)null));
        Assert.Equal(Affinity.Real, AffinityRules.FromTypeName("double precision"));
        Assert.Equal(Affinity.Numeric, AffinityRules.FromTypeName("DECIMAL(10,2)"));
        Assert.Equal(Affinity.Text, AffinityRules.FromTypeName("TEXTBLOB"));
        Assert.Equal(Affinity.Integer, AffinityRules.FromTypeName("CHARINT"));
    }

    [Fact]
    public void Stored_values_follow_column_affinity()
    {
        Assert.Equal(12, AffinityRules.ApplyAffinity(SqlValue.FromText("12"), Affinity.Integer).AsInt64());
        Assert.Equal(3, AffinityRules.ApplyAffinity(SqlValue.FromDouble(3.0), Affinity.Integer).AsInt64());
        Assert.Equal("3.0", AffinityRules.ApplyAffinity(SqlValue.FromDouble(3.0), Affinity.Text).AsText());
        Assert.Equal(12.0, AffinityRules.ApplyAffinity(SqlValue.FromInt64(12), Affinity.Real).AsDouble());
        Assert.Equal("12abc", AffinityRules.ApplyAffinity(SqlValue.FromText("12abc"), Affinity.Numeric).AsText());
        Assert.Equal(SqlStorageClass.Blob, AffinityRules.ApplyAffinity(SqlValue.FromBlob([0x31]), Affinity.Integer).StorageClass);
    }

    [Fact]
    public void Tagged_values_keep_their_storage_form()
    {
        SqlValue tagged = SqlValue.FromBoolean(true);
        Assert.Equal(SqlDeclaredType.Boolean, AffinityRules.ApplyAffinity(tagged, Affinity.Text).DeclaredType);
        Assert.Equal(SqlStorageClass.Integer, AffinityRules.ApplyAffinity(tagged, Affinity.Text).StorageClass);
    }
}
