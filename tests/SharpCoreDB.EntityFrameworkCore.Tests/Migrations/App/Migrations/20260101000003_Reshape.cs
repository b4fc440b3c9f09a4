using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Migrations;

/// <summary>
/// Third migration: what SQLite cannot do in place and EF's SQLite provider does by rebuilding the table (drop a
/// column of a table other tables reference, change a column's type, make a column NOT NULL with a default), and
/// renames of a column and of a referenced table. Down undoes each.
/// </summary>
[DbContext(typeof(BlogContext))]
[Migration("20260101000003_Reshape")]
public sealed class Reshape : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Posts_Authors_AuthorId", table: "Posts");
        migrationBuilder.DropColumn(name: "Obsolete", table: "Blogs");
        migrationBuilder.RenameTable(name: "Authors", newName: "Writers");
        migrationBuilder.RenameColumn(name: "Content", table: "Posts", newName: "Body");

        migrationBuilder.AlterColumn<string>(
            name: "Url", table: "Blogs", type: "TEXT", nullable: false, defaultValue: "",
            oldClrType: typeof(string), oldType: "TEXT", oldNullable: true);

        migrationBuilder.AlterColumn<double>(
            name: "Rating", table: "Blogs", type: "REAL", nullable: false,
            oldClrType: typeof(int), oldType: "INTEGER");

        migrationBuilder.AddForeignKey(
            name: "FK_Posts_Writers_AuthorId",
            table: "Posts",
            column: "AuthorId",
            principalTable: "Writers",
            principalColumn: "Id",
            onDelete: ReferentialAction.SetNull);
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Posts_Writers_AuthorId", table: "Posts");
        migrationBuilder.RenameTable(name: "Writers", newName: "Authors");
        migrationBuilder.RenameColumn(name: "Body", table: "Posts", newName: "Content");

        migrationBuilder.AlterColumn<string>(
            name: "Url", table: "Blogs", type: "TEXT", nullable: true,
            oldClrType: typeof(string), oldType: "TEXT", oldDefaultValue: "");

        migrationBuilder.AlterColumn<int>(
            name: "Rating", table: "Blogs", type: "INTEGER", nullable: false,
            oldClrType: typeof(double), oldType: "REAL");

        migrationBuilder.AddColumn<string>(name: "Obsolete", table: "Blogs", type: "TEXT", nullable: true);

        migrationBuilder.AddForeignKey(
            name: "FK_Posts_Authors_AuthorId",
            table: "Posts",
            column: "AuthorId",
            principalTable: "Authors",
            principalColumn: "Id",
            onDelete: ReferentialAction.SetNull);
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => BlogModels.Build(modelBuilder, 3);
}
