namespace SharpCoreDB.Tests.Sql;

/// <summary>A fact that is skipped, with a reason, when the sqllogictest corpus is not present.</summary>
public sealed class CorpusFactAttribute : FactAttribute
{
    /// <summary>Sets <see cref="FactAttribute.Skip"/> when the corpus cannot be found.</summary>
    public CorpusFactAttribute()
    {
        if (SqlLogicTestCorpus.Root is null)
        {
            Skip = SqlLogicTestCorpus.MissingMessage;
        }
    }
}
