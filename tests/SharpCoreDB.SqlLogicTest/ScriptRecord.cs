namespace SharpCoreDB.SqlLogicTest;

/// <summary>One record of a sqllogictest script.</summary>
/// <param name="Line">The 1-based line of the record's first line (its first condition, if any).</param>
/// <param name="Conditions">The skipif/onlyif lines in front of it.</param>
internal abstract record ScriptRecord(int Line, IReadOnlyList<Condition> Conditions)
{
    /// <summary>True when every condition lets the record run on <paramref name="engine"/>.</summary>
    /// <param name="engine">The name the runner answers to.</param>
    /// <returns>Whether to run it.</returns>
    public bool RunsOn(string engine)
    {
        foreach (Condition condition in Conditions)
        {
            if (!condition.Allows(engine))
            {
                return false;
            }
        }

        return true;
    }
}
