namespace SharpCoreDB.Execution.Operators;

/// <summary>How a compound SELECT combines an arm with the result so far.</summary>
internal enum SetOperation : byte
{
    /// <summary>Append every row.</summary>
    UnionAll,

    /// <summary>Append, then keep distinct rows.</summary>
    Union,

    /// <summary>Keep distinct rows present in both.</summary>
    Intersect,

    /// <summary>Keep distinct rows not present in the arm.</summary>
    Except,
}
