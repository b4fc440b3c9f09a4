using System.Globalization;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// The parameters of parsed statements by normalized name: the prefix of <c>@id</c>, <c>:id</c> and <c>$id</c>
/// stripped; <c>?</c> named by its ordinal ("?1", "?2", …) and <c>?NNN</c> by its number ("?NNN"). The question mark
/// stays so that <c>@2</c> (a name) and <c>?2</c> (a position) are different parameters, as in SQLite.
/// </summary>
internal static class ParameterNames
{
    /// <summary>The normalized name of a parameter.</summary>
    /// <param name="parameter">The parameter.</param>
    /// <returns>The name.</returns>
    public static string Normalize(ParameterExpression parameter) => parameter.Kind switch
    {
        ParameterKind.Named when parameter.Name is { Length: > 1 } name => name[1..],
        _ => "?" + parameter.Ordinal.ToString(CultureInfo.InvariantCulture),
    };

    /// <summary>Every distinct parameter of the statements, in order of first appearance.</summary>
    /// <param name="statements">The statements.</param>
    /// <returns>The normalized names.</returns>
    public static IReadOnlyList<string> Collect(IReadOnlyList<Statement> statements)
    {
        var names = new List<string>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (Statement statement in statements)
        {
            SyntaxWalker.Walk(statement, node =>
            {
                if (node is ParameterExpression parameter)
                {
                    string name = Normalize(parameter);
                    if (seen.Add(name))
                    {
                        names.Add(name);
                    }
                }

                return true;
            });
        }

        return names;
    }
}
