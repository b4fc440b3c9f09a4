using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A compound SELECT, kept flat: all compound operators have the same precedence and associate to the left.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="First">The first term.</param>
/// <param name="Terms">The following terms, in order (at least one).</param>
internal sealed record CompoundSelect(
    SourcePosition Position,
    SelectBody First,
    ImmutableArray<CompoundTerm> Terms)
    : SelectBody(Position);
