namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// Case counts and seeds for the differential tests. Normal runs use fixed seeds and small counts (fast, repeatable);
/// with SHARPCOREDB_STRESS=1 every test runs 25 times as many cases from a fresh seed, which every failure message
/// prints, so a failure found by a stress run can be replayed by hard-coding that seed.
/// </summary>
internal static class StressScale
{
    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    public static int Cases(int normal) => s_stress ? normal * 25 : normal;

    public static int Seed(int fixedSeed) => s_stress ? Random.Shared.Next() : fixedSeed;

    /// <summary>Seeds 1..<paramref name="normal"/> for a seeded theory, 1..<paramref name="stress"/> in stress runs.</summary>
    public static TheoryData<int> Seeds(int normal, int stress)
    {
        var data = new TheoryData<int>();
        int count = s_stress ? stress : normal;
        for (int seed = 1; seed <= count; seed++)
        {
            data.Add(seed);
        }

        return data;
    }
}
