using System.Reflection;
using System.Reflection.Emit;

namespace SharpCoreDB.Tests.Architecture;

/// <summary>
/// Every type one type of an assembly uses: in its signatures (base type, interfaces, fields, parameters, return
/// types, locals) and in its method bodies (each field, method and type token of the IL). Reading the IL matters:
/// most layer crossings are calls and <c>new</c>s inside a body, which signatures never show.
/// </summary>
internal static class TypeReferences
{
    private const BindingFlags Declared =
        BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    private static readonly Dictionary<short, OperandType> OperandTypes = BuildOperandTable();

    /// <summary>The types <paramref name="type"/> (not its nested types) refers to, generic arguments included.</summary>
    public static HashSet<Type> Of(Type type) => Read(type, null);

    /// <summary>
    /// The types whose constructors the method bodies of <paramref name="type"/> (not its nested types) call with
    /// <c>newobj</c>: the objects it creates, as opposed to those it is handed.
    /// </summary>
    public static HashSet<Type> CreatedBy(Type type)
    {
        var created = new HashSet<Type>();
        Read(type, created);
        return created;
    }

    private static HashSet<Type> Read(Type type, HashSet<Type>? created)
    {
        var found = new HashSet<Type>();
        Add(found, type.BaseType);
        foreach (var i in type.GetInterfaces())
        {
            Add(found, i);
        }

        foreach (var field in type.GetFields(Declared))
        {
            Add(found, field.FieldType);
        }

        foreach (var method in type.GetMethods(Declared))
        {
            Add(found, method.ReturnType);
            AddBody(found, created, type, method);
        }

        foreach (var ctor in type.GetConstructors(Declared))
        {
            AddBody(found, created, type, ctor);
        }

        return found;
    }

    private static void AddBody(HashSet<Type> found, HashSet<Type>? created, Type owner, MethodBase method)
    {
        foreach (var parameter in method.GetParameters())
        {
            Add(found, parameter.ParameterType);
        }

        var body = method.GetMethodBody();
        if (body is null)
        {
            return;
        }

        foreach (var local in body.LocalVariables)
        {
            Add(found, local.LocalType);
        }

        var il = body.GetILAsByteArray() ?? [];
        var typeArgs = owner.IsGenericType ? owner.GetGenericArguments() : null;
        var methodArgs = method.IsGenericMethod ? method.GetGenericArguments() : null;
        var at = 0;
        while (at < il.Length)
        {
            short code = il[at++];
            if (code == 0xFE)
            {
                code = (short)(0xFE00 | il[at++]);
            }

            var operand = OperandTypes[code];
            switch (operand)
            {
                case OperandType.InlineField:
                case OperandType.InlineMethod:
                case OperandType.InlineType:
                case OperandType.InlineTok:
                    var member = method.Module.ResolveMember(BitConverter.ToInt32(il, at), typeArgs, methodArgs);
                    AddMember(found, member);
                    if (created is not null && code == OpCodes.Newobj.Value && member is ConstructorInfo { DeclaringType: { } made })
                    {
                        // The constructed type itself: a new List<T> creates a list, not a T.
                        created.Add(made.IsGenericType ? made.GetGenericTypeDefinition() : made);
                    }

                    at += 4;
                    break;
                case OperandType.InlineSwitch:
                    at += 4 + (4 * BitConverter.ToInt32(il, at));
                    break;
                default:
                    at += SizeOf(operand);
                    break;
            }
        }
    }

    private static void AddMember(HashSet<Type> found, MemberInfo? member)
    {
        switch (member)
        {
            case Type t:
                Add(found, t);
                break;
            case FieldInfo f:
                Add(found, f.DeclaringType);
                Add(found, f.FieldType);
                break;
            case MethodInfo m:
                Add(found, m.DeclaringType);
                Add(found, m.ReturnType);
                foreach (var arg in m.IsGenericMethod ? m.GetGenericArguments() : [])
                {
                    Add(found, arg);
                }

                break;
            case ConstructorInfo c:
                Add(found, c.DeclaringType);
                break;
        }
    }

    private static void Add(HashSet<Type> found, Type? type)
    {
        if (type is null || type.IsGenericParameter)
        {
            return;
        }

        if (type.HasElementType)
        {
            Add(found, type.GetElementType());
            return;
        }

        if (type.IsGenericType && !type.IsGenericTypeDefinition)
        {
            foreach (var arg in type.GetGenericArguments())
            {
                Add(found, arg);
            }

            type = type.GetGenericTypeDefinition();
        }

        found.Add(type);
    }

    private static int SizeOf(OperandType operand) => operand switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        _ => 4,
    };

    private static Dictionary<short, OperandType> BuildOperandTable()
    {
        var table = new Dictionary<short, OperandType>();
        foreach (var field in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            var op = (OpCode)field.GetValue(null)!;
            table[op.Value] = op.OperandType;
        }

        return table;
    }
}
