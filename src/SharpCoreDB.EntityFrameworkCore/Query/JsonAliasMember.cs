using System.Reflection;

namespace SharpCoreDB.EntityFrameworkCore.Query;

/// <summary>
/// A member that exists only to carry a JSON property's name: EF takes a projection's column alias from the members of
/// its projection path, and the subquery that decomposes a JSON array of objects projects one column per JSON property
/// (see <see cref="SharpCoreDBQueryableMethodTranslatingExpressionVisitor"/>). Only <see cref="Name"/> is ever read.
/// </summary>
internal sealed class JsonAliasMember(string name) : MemberInfo
{
    public override string Name { get; } = name;

    public override Type? DeclaringType => null;

    public override MemberTypes MemberType => MemberTypes.Property;

    public override Type? ReflectedType => null;

    public override object[] GetCustomAttributes(bool inherit) => [];

    public override object[] GetCustomAttributes(Type attributeType, bool inherit) => [];

    public override bool IsDefined(Type attributeType, bool inherit) => false;
}
