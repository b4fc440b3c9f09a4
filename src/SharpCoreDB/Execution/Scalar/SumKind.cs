namespace SharpCoreDB.Execution.Scalar;

/// <summary>Which of SQLite's three summing aggregates a <see cref="SumAccumulator"/> computes.</summary>
internal enum SumKind : byte
{
    /// <summary><c>sum(x)</c>: INTEGER while every input is an integer (error on overflow), REAL otherwise, NULL for no rows.</summary>
    Sum,

    /// <summary><c>total(x)</c>: always REAL, 0.0 for no rows, never an overflow error.</summary>
    Total,

    /// <summary><c>avg(x)</c>: REAL mean, NULL for no rows.</summary>
    Average,
}
