using System.Text;

namespace SharpCoreDB.Shell.Commands;

/// <summary>A dot command split into its name and arguments, as SQLite's shell splits them.</summary>
internal sealed class DotCommandLine
{
    private DotCommandLine(string name, IReadOnlyList<string> arguments, string rest)
    {
        Name = name;
        Arguments = arguments;
        Rest = rest;
    }

    /// <summary>The command's name without the dot, e.g. <c>tables</c>.</summary>
    public string Name { get; }

    /// <summary>The arguments: separated by whitespace, or quoted with <c>'</c> or <c>"</c> (a doubled quote inside stays one).</summary>
    public IReadOnlyList<string> Arguments { get; }

    /// <summary>Everything after the name, unsplit (for <c>.explain SQL</c>).</summary>
    public string Rest { get; }

    /// <summary>Splits a line that starts with a dot.</summary>
    /// <param name="line">The line.</param>
    /// <returns>The parts.</returns>
    /// <exception cref="SharpCoreDBException">A quoted argument is not closed.</exception>
    public static DotCommandLine Parse(string line)
    {
        string text = line.Trim();
        int nameEnd = 1;
        while (nameEnd < text.Length && !char.IsWhiteSpace(text[nameEnd]))
        {
            nameEnd++;
        }

        string name = text[1..nameEnd];
        string rest = text[nameEnd..].Trim();
        var arguments = new List<string>();
        var current = new StringBuilder();
        int i = 0;
        while (i < rest.Length)
        {
            if (char.IsWhiteSpace(rest[i]))
            {
                i++;
                continue;
            }

            current.Clear();
            if (rest[i] is '\'' or '"')
            {
                char quote = rest[i++];
                while (true)
                {
                    if (i >= rest.Length)
                    {
                        throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, $"unterminated {quote} in '.{name}' arguments");
                    }

                    if (rest[i] == quote)
                    {
                        if (i + 1 < rest.Length && rest[i + 1] == quote)
                        {
                            current.Append(quote);
                            i += 2;
                            continue;
                        }

                        i++;
                        break;
                    }

                    current.Append(rest[i++]);
                }
            }
            else
            {
                while (i < rest.Length && !char.IsWhiteSpace(rest[i]))
                {
                    current.Append(rest[i++]);
                }
            }

            arguments.Add(current.ToString());
        }

        return new DotCommandLine(name, arguments, rest);
    }
}
