using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

/// <summary>
/// The shortcut a table writer takes for values no affinity changes (<see cref="AffinityRules.Keeps"/>) agrees with
/// the rules themselves: whatever it keeps, <see cref="AffinityRules.ApplyAffinity"/> returns unchanged, for every
/// affinity and every kind of value (declared-type tags included).
/// </summary>
public sealed class AffinityShortcutTests
{
    private static readonly SqlValue[] s_values =
    [
        SqlValue.Null,
        SqlValue.FromInt64(0),
        SqlValue.FromInt64(-7),
        SqlValue.FromInt64(long.MaxValue),
        SqlValue.FromDouble(1.0),
        SqlValue.FromDouble(2.5),
        SqlValue.FromText("12"),
        SqlValue.FromText("abc"),
        SqlValue.FromBlob([1, 2, 3]),
        SqlValue.FromBlob([]),
        SqlValue.FromDecimal(3m),
        SqlValue.FromDecimal(3.25m),
        SqlValue.FromBoolean(true),
        SqlValue.FromDateTimeText(new DateTime(2026, 11, 28, 12, 0, 0, DateTimeKind.Utc)),
        SqlValue.FromGuid(new Guid("0f8fad5b-d9cb-469f-a165-70867728950e")),
    ];

    [Fact]
    public void A_kept_value_is_what_the_affinity_rules_return()
    {
        int kept = 0;
        foreach (Affinity affinity in Enum.GetValues<Affinity>())
        {
            foreach (SqlValue value in s_values)
            {
                if (!AffinityRules.Keeps(value, affinity))
                {
                    continue;
                }

                kept++;
                SqlValue applied = AffinityRules.ApplyAffinity(value, affinity);
                Assert.Equal(value.StorageClass, applied.StorageClass);
                Assert.Equal(value.DeclaredType, applied.DeclaredType);
                Assert.Equal(0, SqlValueComparer.CompareValues(value, applied));
            }
        }

        // The values an INSERT usually binds take the shortcut.
        Assert.True(kept >= (1 + 2) * 6 + (3 * 4));
        Assert.True(AffinityRules.Keeps(SqlValue.FromInt64(5), Affinity.Integer));
        Assert.True(AffinityRules.Keeps(SqlValue.FromBlob([1]), Affinity.Blob));
        Assert.True(AffinityRules.Keeps(SqlValue.Null, Affinity.Integer));
        Assert.False(AffinityRules.Keeps(SqlValue.FromInt64(5), Affinity.Real));
        Assert.False(AffinityRules.Keeps(SqlValue.FromInt64(5), Affinity.Text));
    }
}
