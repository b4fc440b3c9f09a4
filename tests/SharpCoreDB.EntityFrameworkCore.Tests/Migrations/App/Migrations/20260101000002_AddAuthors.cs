using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Migrations;

/// <summary>
/// Second migration: an authors table, a nullable foreign key to it from posts (a table rebuild on SQLite, which
/// cannot add a constraint in place) and a decimal column on blogs. Down drops the foreign key (another rebuild).
/// </summary>
[DbContext(typeof(BlogContext))]
[Migration("20260101000002_AddAuthors")]
public sealed class AddAuthors : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.AddColumn<int>(name: "AuthorId", table: "Posts", type: "INTEGER", nullable: true);
        migrationBuilder.AddColumn<decimal>(name: "Price", table: "Blogs", type: "DECIMAL", nullable: true);

        migrationBuilder.CreateTable(
            name: "Authors",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("Sqlite:Autoincrement", true),
                Name = table.Column<string>(type: "TEXT", nullable: false),
            },
            constraints: table => table.PrimaryKey("PK_Authors", x => x.Id));

        migrationBuilder.CreateIndex(name: "IX_Posts_AuthorId", table: "Posts", column: "AuthorId");

        migrationBuilder.AddForeignKey(
            name: "FK_Posts_Authors_AuthorId",
            table: "Posts",
            column: "AuthorId",
            principalTable: "Authors",
            principalColumn: "Id",
            onDelete: ReferentialAction.SetNull);
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Posts_Authors_AuthorId", table: "Posts");
        migrationBuilder.DropTable(name: "Authors");
        migrationBuilder.DropIndex(name: "IX_Posts_AuthorId", table: "Posts");
        migrationBuilder.DropColumn(name: "AuthorId", table: "Posts");
        migrationBuilder.DropColumn(name: "Price", table: "Blogs");
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => BlogModels.Build(modelBuilder, 2);
}
